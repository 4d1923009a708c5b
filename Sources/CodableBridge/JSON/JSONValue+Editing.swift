import Foundation

// The setters of `JSONValue`'s subscripts. Each one edits the tree in place: the container is
// taken out of `self` (which is set to `.null` meanwhile), so its storage is uniquely referenced
// and changing one member costs O(1) (O(depth) for a path), not a copy of the container.
//
//     var json: JSONValue = ["a": ["b": 1]]
//     json[path: "a.c.d"] = 2
//     // self .object ─ take out → member "a" (existing) ─ edit in place → member "c" (missing:
//     // created as {}) → set "d" = 2              ⇒ {"a":{"b":1,"c":{"d":2}}}
//
// Rules (the doc comments of the subscripts state them for users):
// - `.null` counts as an empty object when a member is set (and as nothing when one is removed);
// - a Boolean, number or string where a container is needed makes the whole set a no-op;
// - array indices out of range are a no-op; `nil` removes a member or an element.

extension JSONValue {
    /// Sets, replaces or (with `nil`) removes the member `key`. See the key subscript.
    mutating func setMember(_ key: String, to newValue: JSONValue?) {
        switch self {
        case .object(var object):
            self = .null
            object[key] = newValue
            self = .object(object)
        case .null:
            guard let newValue else { return }
            var object = JSONObject()
            object[key] = newValue
            self = .object(object)
        case .bool, .number, .string, .array:
            return
        }
    }

    /// Replaces or (with `nil`) removes the element at `index`; out of range is a no-op.
    mutating func setElement(at index: Int, to newValue: JSONValue?) {
        guard case .array(var array) = self, array.indices.contains(index) else { return }
        self = .null
        if let newValue {
            array[index] = newValue
        } else {
            array.remove(at: index)
        }
        self = .array(array)
    }

    /// Sets the value at the key path `segments` (at least one), creating objects on the way.
    mutating func setValue(_ newValue: JSONValue?, at segments: ArraySlice<Substring>) {
        guard let segment = segments.first else { return }
        let rest = segments.dropFirst()
        if rest.isEmpty {
            if case .array = self {
                if let i = Int(segment) { setElement(at: i, to: newValue) }
            } else {
                setMember(String(segment), to: newValue)
            }
            return
        }
        switch self {
        case .object(var object):
            let key = String(segment)
            let position = object.position(of: key)
            guard position != nil || newValue != nil else { return }
            self = .null
            if let position {
                object.modifyValue(at: position) { $0.setValue(newValue, at: rest) }
            } else {
                var child = JSONValue.null
                child.setValue(newValue, at: rest)
                object[key] = child
            }
            self = .object(object)
        case .null:
            guard newValue != nil else { return }
            self = .object(JSONObject())
            setValue(newValue, at: segments)
        case .array(var array):
            guard let i = Int(segment), array.indices.contains(i) else { return }
            self = .null
            array[i].setValue(newValue, at: rest)
            self = .array(array)
        case .bool, .number, .string:
            return
        }
    }
}
