// The CPU time and page faults of the calling thread, which the `interleaved` runner reads around
// each decode: CPU time leaves out the time the host gave to other guests, and the page faults
// count the fresh pages the kernel supplied (Docs/Performance.md, "Memory and scale").

import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The calling thread's CPU time and minor page faults so far.
struct ThreadUsage {
    /// CPU time, user mode and kernel together (ms), from the thread's CPU clock: exact, not
    /// sampled, and without the time the host gave to other guests.
    var cpu: Double
    /// The kernel's part of `cpu` (ms): page faults, system calls. The kernel splits a thread's
    /// time between user mode and kernel by sampling at its clock ticks, so this is rough for one
    /// short decode and fair for a long one.
    var system: Double
    /// Minor page faults: first touches of pages the kernel supplies without reading a file.
    var faults: Double

    /// The calling thread's figures (on Linux `RUSAGE_THREAD`; elsewhere the process's, which is
    /// the same for the single-threaded runner).
    static func now() -> ThreadUsage {
        var clock = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &clock)
        var usage = rusage()
        #if os(Linux)
        // RUSAGE_THREAD (a GNU extension the Glibc module leaves out).
        getrusage(__rusage_who_t(1), &usage)
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        let system = Double(usage.ru_stime.tv_sec) * 1_000 + Double(usage.ru_stime.tv_usec) / 1_000
        return ThreadUsage(cpu: Double(clock.tv_sec) * 1_000 + Double(clock.tv_nsec) / 1e6, system: system,
                           faults: Double(usage.ru_minflt))
    }

    static func - (later: ThreadUsage, earlier: ThreadUsage) -> ThreadUsage {
        ThreadUsage(cpu: later.cpu - earlier.cpu, system: later.system - earlier.system, faults: later.faults - earlier.faults)
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
