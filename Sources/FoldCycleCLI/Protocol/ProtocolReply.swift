import FoldCycle

/// The reply lines of the JSON-lines protocol: one per request, carrying its `id` (absent when
/// the request gave none or was not an object), `ok`, and the `result` or the typed `error`
/// (docs/DESIGN.md#control-protocol).
package enum ProtocolReply {
    /// `{"id":…,"ok":true,"result":{…}}` and a line feed.
    package static func success(id: JSONValue?, result: JSONValue) -> String {
        line(id: id, ok: true, ("result", result))
    }

    /// `{"id":…,"ok":false,"error":{"type":"…","message":"…"}}` and a line feed.
    package static func failure(id: JSONValue?, error: ProtocolError) -> String {
        line(id: id, ok: false, ("error", error.json))
    }

    private static func line(id: JSONValue?, ok: Bool, _ payload: (String, JSONValue)) -> String {
        var members: [(String, JSONValue)] = []
        if let id { members.append(("id", id)) }
        members.append(("ok", .bool(ok)))
        members.append(payload)
        return JSONValue.object(members).serialized + "\n"
    }
}
