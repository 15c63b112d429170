/// Every bound of the control protocol, in one place (docs/DESIGN.md#control-protocol): how long
/// a request line may be, how far a socket client may fall behind, how many clients may connect.
/// Input from scripts and sockets is data from outside; nothing it sends can make the process
/// grow without bound.
package enum ProtocolLimits {
    /// The longest request line, in bytes without its line feed: 64 KiB. A longer line is
    /// answered with a `bad-json` error naming its length (its bytes are dropped as they come,
    /// never held), and the next line is read as usual.
    package static let maximumLineBytes = 65_536

    /// How many bytes of replies and events may wait for one socket client that does not read:
    /// 1 MiB. A client further behind is disconnected (its queue dropped), so a slow or vanished
    /// client never holds memory, the animation or the other clients.
    package static let clientQueueBytes = 1_048_576

    /// How many bytes of replies and events may wait for standard output or `--protocol-fd` when
    /// its reader does not keep up: 16 MiB. Beyond it the run ends with an error (exit 1): the
    /// controlling program is not reading what it asked for.
    package static let primaryQueueBytes = 16_777_216

    /// Socket clients connected at once: 64. A further client is sent one `bad-value` line
    /// saying so and closed.
    package static let maximumClients = 64

    /// Bytes read from one client per turn of the session's queue, so that a client sending
    /// without pause never delays a frame by more than one such read: 64 KiB.
    package static let readChunkBytes = 65_536

    /// How much of an offending line an error message quotes, in characters (then "…").
    package static let quotedInputCharacters = 60
}
