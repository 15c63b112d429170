/// The compiler and build configuration this executable was built with, known at compile time
/// (Swift has no compiler version string at run time, and the `swift` on `PATH` may not be the
/// one that built the bench).
enum Toolchain {
    /// Whether this is a debug build (`-c debug`, the default of `swift build`).
    static var isDebugBuild: Bool {
        #if DEBUG
            return true
        #else
            return false
        #endif
    }

    /// `Swift M.N[.P]`: the newest release in this list that `#if compiler(>=…)` accepts, from 6.0
    /// (the package's minimum) to 6.5; a newer compiler reads `Swift 6.5 or later`.
    static var compiler: String {
        var version = "6.0"
        #if compiler(>=6.0.1)
            version = "6.0.1"
        #endif
        #if compiler(>=6.0.2)
            version = "6.0.2"
        #endif
        #if compiler(>=6.0.3)
            version = "6.0.3"
        #endif
        #if compiler(>=6.1)
            version = "6.1"
        #endif
        #if compiler(>=6.1.1)
            version = "6.1.1"
        #endif
        #if compiler(>=6.1.2)
            version = "6.1.2"
        #endif
        #if compiler(>=6.1.3)
            version = "6.1.3"
        #endif
        #if compiler(>=6.2)
            version = "6.2"
        #endif
        #if compiler(>=6.2.1)
            version = "6.2.1"
        #endif
        #if compiler(>=6.2.2)
            version = "6.2.2"
        #endif
        #if compiler(>=6.2.3)
            version = "6.2.3"
        #endif
        #if compiler(>=6.2.4)
            version = "6.2.4"
        #endif
        #if compiler(>=6.3)
            version = "6.3"
        #endif
        #if compiler(>=6.3.1)
            version = "6.3.1"
        #endif
        #if compiler(>=6.3.2)
            version = "6.3.2"
        #endif
        #if compiler(>=6.3.3)
            version = "6.3.3"
        #endif
        #if compiler(>=6.4)
            version = "6.4"
        #endif
        #if compiler(>=6.4.1)
            version = "6.4.1"
        #endif
        #if compiler(>=6.4.2)
            version = "6.4.2"
        #endif
        #if compiler(>=6.4.3)
            version = "6.4.3"
        #endif
        #if compiler(>=6.5)
            version = "6.5 or later"
        #endif
        return "Swift " + version
    }
}
