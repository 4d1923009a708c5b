// The CPU time and page faults of the calling thread, which the `interleaved` runner reads around
// each decode to split its wall-clock time into the decoder's own work (user mode) and the
// kernel's (mostly supplying fresh pages: Docs/Performance.md, "Time per MB: user and kernel").

import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The calling thread's CPU time and minor page faults so far.
struct ThreadUsage {
    /// CPU time in user mode (ms).
    var user: Double
    /// CPU time in the kernel on the thread's behalf (ms): page faults, system calls.
    var system: Double
    /// Minor page faults: first touches of pages the kernel supplies without reading a file.
    var faults: Double

    /// The calling thread's figures (on Linux `RUSAGE_THREAD`; elsewhere the process's, which is
    /// the same for the single-threaded runner).
    static func now() -> ThreadUsage {
        var usage = rusage()
        #if os(Linux)
        // RUSAGE_THREAD (a GNU extension the Glibc module leaves out).
        getrusage(__rusage_who_t(1), &usage)
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        func milliseconds(_ time: timeval) -> Double { Double(time.tv_sec) * 1_000 + Double(time.tv_usec) / 1_000 }
        return ThreadUsage(user: milliseconds(usage.ru_utime), system: milliseconds(usage.ru_stime), faults: Double(usage.ru_minflt))
    }

    static func - (later: ThreadUsage, earlier: ThreadUsage) -> ThreadUsage {
        ThreadUsage(user: later.user - earlier.user, system: later.system - earlier.system, faults: later.faults - earlier.faults)
    }
}

/// Has glibc's `malloc` keep the memory it is given back instead of returning it to the kernel
/// (`scale interleaved --keep-pages`): no trimming of the heap's top, and blocks below 32 MiB (its
/// largest mapping threshold) from the heap instead of fresh mappings. A long-running server can
/// choose the same with `mallopt` or `GLIBC_TUNABLES`; the library never changes the process's
/// allocator. Returns false where the allocator is not glibc's.
func keepFreedPages() -> Bool {
    #if canImport(Glibc)
    // malloc.h's parameters (the Glibc module does not import malloc.h).
    let trimThreshold: Int32 = -1, mmapThreshold: Int32 = -3
    return glibcMallopt(trimThreshold, Int32.max) == 1 && glibcMallopt(mmapThreshold, 32 << 20) == 1
    #else
    return false
    #endif
}

#if canImport(Glibc)
/// glibc's `mallopt(3)`.
@_silgen_name("mallopt")
private func glibcMallopt(_ parameter: Int32, _ value: Int32) -> Int32
#endif
