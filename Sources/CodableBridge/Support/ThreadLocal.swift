#if os(Windows)
import Foundation
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Android)
import Android
#endif

#if os(Windows)
/// One object per thread (Windows: kept in Foundation's per-thread dictionary; no pthreads there).
final class ThreadLocal<Object: AnyObject>: @unchecked Sendable {  // `make` runs on the reading thread only
    private let make: () -> Object
    private let key = NSString(string: "CodableBridge.ThreadLocal." + UUID().uuidString)  // one per instance

    init(_ make: @escaping () -> Object) {
        self.make = make
    }

    /// This thread's object.
    var current: Object {
        let dictionary = Thread.current.threadDictionary
        if let object = dictionary[key] as? Object { return object }
        let object = make()
        dictionary[key] = object
        return object
    }
}
#else
/// One object per thread, made on the thread's first use and released when the thread exits.
///
/// Reading it takes no lock (a `pthread_getspecific` call), which is what lets the per-type caches
/// and the encoder's spare storage be read on every decode and encode without threads queueing
/// on a shared lock. Instances live for the process (they are `static let`s): the key is never
/// deleted.
///
/// ```swift
/// static let spare = ThreadLocal { Spare() }
/// let mine = spare.current   // this thread's Spare
/// ```
final class ThreadLocal<Object: AnyObject>: @unchecked Sendable {  // `make` runs on the reading thread only
    /// A `let`, so that reading it pays no dynamic exclusivity check.
    private let key: pthread_key_t
    private let make: () -> Object

    init(_ make: @escaping () -> Object) {
        self.make = make
        var key = pthread_key_t()
        // The destructor releases the object retained below when its thread exits.
        let created = pthread_key_create(&key) { pointer in
            #if canImport(Darwin)
            Unmanaged<AnyObject>.fromOpaque(pointer).release()
            #else
            if let pointer { Unmanaged<AnyObject>.fromOpaque(pointer).release() }
            #endif
        }
        precondition(created == 0, "pthread_key_create failed (\(created))")
        self.key = key
    }

    /// This thread's object.
    @inline(__always)
    var current: Object {
        if let pointer = pthread_getspecific(key) {
            return Unmanaged<Object>.fromOpaque(pointer).takeUnretainedValue()
        }
        return _slowPathCreate()
    }

    @inline(never)
    private func _slowPathCreate() -> Object {
        let object = make()
        pthread_setspecific(key, Unmanaged.passRetained(object).toOpaque())
        return object
    }
}
#endif
