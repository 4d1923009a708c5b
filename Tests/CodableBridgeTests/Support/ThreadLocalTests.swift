import Foundation
import Testing
@testable import CodableBridge

/// A box whose identity tells threads' objects apart.
private final class Marker {}

@Suite("Thread-local storage")
struct ThreadLocalTests {
    @Test("Each thread has its own object, the same on every read")
    func threadLocalPerThread() {
        let local = ThreadLocal { Marker() }
        let here = local.current
        #expect(local.current === here)
        let other = OtherThread.run { ObjectIdentifier(local.current) }
        #expect(other != ObjectIdentifier(here))
    }
}

/// Runs `body` on a new thread and returns its result.
enum OtherThread {
    /// Written by the thread before it signals `done`.
    private final class Box<Value>: @unchecked Sendable {
        var value: Value?
    }

    static func run<Value>(_ body: @escaping @Sendable () -> Value) -> Value {
        let box = Box<Value>()
        let done = DispatchSemaphore(value: 0)
        Thread {
            box.value = body()
            done.signal()
        }.start()
        done.wait()
        // safe: the thread set it before signalling `done`
        return box.value!
    }
}
