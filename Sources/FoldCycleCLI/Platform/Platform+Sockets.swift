import FoldCycle
package import FoldCyclePlatform

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// The CLI's part of the platform layer (see `Platform` in FoldCycle): Unix stream sockets, which
// Glibc and Darwin make, address and write to differently.

extension Platform {
    /// A new Unix stream socket, close-on-exec, that never raises SIGPIPE (-1 with `errno` on
    /// failure). Glibc sets close-on-exec at creation (`SOCK_CLOEXEC`, and `SOCK_STREAM` is an
    /// enum there); Darwin has neither flag at creation, so `fcntl` sets `FD_CLOEXEC` and the socket
    /// gets `SO_NOSIGPIPE` (Darwin has no `MSG_NOSIGNAL`).
    package static func makeStreamSocket() -> Int32 {
        #if canImport(Glibc)
            return socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        #elseif canImport(Darwin)
            let descriptor = socket(AF_UNIX, SOCK_STREAM, 0)
            guard descriptor >= 0 else { return -1 }
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            suppressBrokenPipeSignal(descriptor)
            return descriptor
        #endif
    }

    /// Accepts a connection on `listener` (-1 with `errno` when there is none or it fails): the
    /// client's descriptor, close-on-exec (`fcntl`: Glibc's `accept4` is a GNU extension Swift
    /// does not import), and on Darwin with `SO_NOSIGPIPE`.
    package static func acceptConnection(_ listener: Int32) -> Int32 {
        let descriptor = accept(listener, nil, nil)
        guard descriptor >= 0 else { return -1 }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        #if canImport(Darwin)
            suppressBrokenPipeSignal(descriptor)
        #endif
        return descriptor
    }

    /// `send(2)` on a socket without SIGPIPE when the peer is gone (`EPIPE` instead): Glibc's
    /// `MSG_NOSIGNAL`; on Darwin the socket's `SO_NOSIGPIPE`, set here too for a socket this
    /// process did not make (a standard stream).
    package static func sendWithoutSignal(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
            return send(descriptor, bytes, count, Int32(MSG_NOSIGNAL))
        #elseif canImport(Darwin)
            suppressBrokenPipeSignal(descriptor)
            return send(descriptor, bytes, count, 0)
        #endif
    }

    #if canImport(Darwin)
        private static func suppressBrokenPipeSignal(_ descriptor: Int32) {
            var on: Int32 = 1
            _ = setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        }
    #endif

    /// The most bytes a Unix socket path holds (`sun_path` less its NUL): 107 on Linux, 103 on
    /// Darwin.
    package static var maximumSocketPathBytes: Int { MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1 }

    /// The Unix socket address of `path` (at most ``maximumSocketPathBytes`` bytes, no NUL; the
    /// caller checks). Darwin's address also carries its length (`sun_len`).
    package static func unixAddress(_ path: [UInt8]) -> sockaddr_un {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        #if canImport(Darwin)
            address.sun_len = UInt8(MemoryLayout<sockaddr_un>.size)
        #endif
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in path.enumerated() { buffer[index] = byte }
        }
        return address
    }

    /// `bind(2)` of `descriptor` to `address`.
    package static func bind(_ descriptor: Int32, to address: sockaddr_un) -> Int32 {
        withSocketAddress(address) {
            #if canImport(Glibc)
                Glibc.bind(descriptor, $0, $1)
            #elseif canImport(Darwin)
                Darwin.bind(descriptor, $0, $1)
            #endif
        }
    }

    /// `connect(2)` of `descriptor` to `address` (blocking).
    package static func connect(_ descriptor: Int32, to address: sockaddr_un) -> Int32 {
        withSocketAddress(address) {
            #if canImport(Glibc)
                Glibc.connect(descriptor, $0, $1)
            #elseif canImport(Darwin)
                Darwin.connect(descriptor, $0, $1)
            #endif
        }
    }

    /// `listen(2)` on `descriptor` with room for `backlog` pending connections.
    package static func listen(_ descriptor: Int32, backlog: Int32) -> Int32 {
        #if canImport(Glibc)
            Glibc.listen(descriptor, backlog)
        #elseif canImport(Darwin)
            Darwin.listen(descriptor, backlog)
        #endif
    }

    private static func withSocketAddress(
        _ address: sockaddr_un, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Int32
    ) -> Int32 {
        var address = address
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
    }
}
