import Foundation
import Testing
@testable import CodableBridge

private struct First {}
private struct Second {}
private struct Third {}

private struct MetaOwner: MappableCodable {
    var name: String
    static var keyMapping: KeyMapping { ["name": "n"] }
}

/// A box whose identity tells threads' objects apart.
private final class Marker {}

@Suite("Per-type cache and thread-local storage")
struct TypeCacheTests {
    @Test("The first stored value wins, and later stores do not change it")
    func firstValueWins() {
        let cache = TypeCache<Int>()
        #expect(cache.get(First.self) == nil)
        #expect(cache.value(for: First.self) { 1 } == 1)
        #expect(cache.value(for: First.self) { 2 } == 1)
        cache.setIfAbsent(First.self, 3)
        #expect(cache.get(First.self) == 1)
        cache.setIfAbsent(Second.self, 4)
        #expect(cache.get(Second.self) == 4)
        #expect(cache.get(Third.self) == nil)
    }

    @Test("A value stored on one thread is read on another")
    func valuesCrossThreads() async {
        let cache = TypeCache<Int>()
        #expect(cache.get(First.self) == nil)  // this thread has looked and found nothing
        await Task.detached { cache.setIfAbsent(First.self, 7) }.value
        let seen = await withTaskGroup(of: Int?.self) { group in
            for _ in 0..<8 { group.addTask { cache.get(First.self) } }
            return await group.reduce(into: [Int?]()) { $0.append($1) }
        }
        #expect(seen == Array(repeating: 7, count: 8))
        #expect(cache.get(First.self) == 7)
    }

    @Test("Sharing .process: one object for every thread; .thread: each thread makes its own")
    func sharingModes() {
        let shared = TypeCache<Marker>(sharing: .process)
        let mine = shared.value(for: First.self) { Marker() }
        let seenElsewhere = OtherThread.run { ObjectIdentifier(shared.value(for: First.self) { Marker() }) }
        #expect(seenElsewhere == ObjectIdentifier(mine))

        let perThread = TypeCache<Marker>(sharing: .thread)
        let here = perThread.value(for: First.self) { Marker() }
        #expect(perThread.value(for: First.self) { Marker() } === here)
        #expect(perThread.get(First.self) === here)
        let other = OtherThread.run {
            // Nothing is published: a new thread finds no value until it makes one.
            let before = perThread.get(First.self)
            let made = perThread.value(for: First.self) { Marker() }
            return before == nil ? ObjectIdentifier(made) : ObjectIdentifier(before!)
        }
        #expect(other != nil && other != ObjectIdentifier(here))
        perThread.setIfAbsent(Second.self, Marker())
        #expect(OtherThread.run { perThread.get(Second.self).map(ObjectIdentifier.init) } == nil)
    }

    @Test("A mapped model's meta is one object per thread, so no two threads retain the same one")
    func modelMetaPerThread() throws {
        let here = try ModelMeta.of(MetaOwner.self)
        #expect(try ModelMeta.of(MetaOwner.self) === here)
        let other = OtherThread.run { try! ObjectIdentifier(ModelMeta.of(MetaOwner.self)) }
        #expect(other != nil && other != ObjectIdentifier(here))
    }

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
private enum OtherThread {
    /// Written by the thread before it signals `done`.
    private final class Box: @unchecked Sendable {
        var value: ObjectIdentifier?
    }

    static func run(_ body: @escaping @Sendable () -> ObjectIdentifier?) -> ObjectIdentifier? {
        let box = Box()
        let done = DispatchSemaphore(value: 0)
        Thread {
            box.value = body()
            done.signal()
        }.start()
        done.wait()
        return box.value
    }
}
