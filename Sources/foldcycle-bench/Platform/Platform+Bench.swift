import FoldCycle
internal import FoldCyclePlatform
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// The bench's part of the platform layer (see `Platform` in FoldCycle): what it reads of the
// process, and how it spawns one in a new session, differ between Linux and Darwin.

extension Platform {
    /// The `posix_spawnattr_setflags` flag that starts the child in a new session. Glibc declares
    /// `POSIX_SPAWN_SETSID` (0x80) only under `_GNU_SOURCE`, so Swift does not import it; Darwin
    /// declares it (0x400).
    static var spawnSetSessionFlag: Int32 {
        #if canImport(Glibc)
            0x80
        #elseif canImport(Darwin)
            Int32(POSIX_SPAWN_SETSID)
        #endif
    }

    /// The path of this executable, when the platform can tell (`/proc/self/exe` on Linux,
    /// `_NSGetExecutablePath` on Darwin), resolved by the caller.
    static var executablePath: String? {
        #if canImport(Glibc)
            return "/proc/self/exe"
        #elseif canImport(Darwin)
            var size: UInt32 = 4096
            var path = [CChar](repeating: 0, count: Int(size))
            guard _NSGetExecutablePath(&path, &size) == 0 else { return nil }
            return String(cString: path)
        #endif
    }

    /// `getrusage(RUSAGE_SELF)`: the whole process's (every thread's) usage, or nil. Glibc's
    /// `RUSAGE_SELF` is an enum case that `getrusage` takes as `__rusage_who_t`.
    static func processUsage() -> rusage? {
        var usage = rusage()
        #if canImport(Glibc)
            let who = __rusage_who_t(RUSAGE_SELF.rawValue)
        #elseif canImport(Darwin)
            let who = RUSAGE_SELF
        #endif
        return getrusage(who, &usage) == 0 ? usage : nil
    }

    /// This process's peak and current resident set sizes in KiB, or nil when the platform does
    /// not say: `VmHWM` and `VmRSS` of `/proc/self/status` on Linux; on Darwin the peak from
    /// `getrusage` (`ru_maxrss`, in bytes there) and no current size.
    static func residentMemoryKiB() -> (peak: Int, current: Int)? {
        #if canImport(Glibc)
            guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
            func field(_ name: String) -> Int {
                for line in status.split(separator: "\n") where line.hasPrefix(name + ":") {
                    let digits = line.dropFirst(name.count + 1).filter { $0.isNumber }
                    return Int(digits) ?? 0
                }
                return 0
            }
            return (field("VmHWM"), field("VmRSS"))
        #elseif canImport(Darwin)
            guard let usage = processUsage() else { return nil }
            return (Int(usage.ru_maxrss) / 1024, 0)
        #endif
    }

    /// Gives the memory `free` kept back to the system and resets the peak resident set size to
    /// the current one, so the next peak is that of what runs next: `malloc_trim(0)`, then `5`
    /// written to `/proc/self/clear_refs` (Linux ≥ 4.0). Returns whether the peak was reset (never
    /// on Darwin, whose peak cannot be reset).
    static func resetPeakMemory() -> Bool {
        #if canImport(Glibc)
            _ = glibcMallocTrim(0)
            let descriptor = open("/proc/self/clear_refs", O_WRONLY)
            guard descriptor >= 0 else { return false }
            defer { close(descriptor) }
            return Glibc.write(descriptor, "5", 1) == 1
        #elseif canImport(Darwin)
            return false
        #endif
    }
}

#if canImport(Glibc)
    /// Glibc's `malloc_trim(3)`, which the Glibc module does not import (`<malloc.h>`): gives the
    /// memory `free` kept (heap top, unused pages of every arena) back to the system.
    @_silgen_name("malloc_trim")
    private func glibcMallocTrim(_ pad: Int) -> Int32
#endif
