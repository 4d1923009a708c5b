import Foundation

extension EncodedTree {
    // MARK: Text

    /// Writes the value at `node` (the root by default) as JSON text.
    func write(_ node: Int32 = 0, into writer: inout JSONWriter) {
        keyRegistry.withTexts { keys in
            withStoredStrings { strings in write(node, strings: strings, keys: keys, into: &writer) }
        }
    }

    /// Writes one node; `strings` is the string table and `keys` the registered keys, borrowed
    /// for the whole walk.
    private func write(_ node: Int32, strings: UnsafeBufferPointer<String>, keys: EncodingKeyRegistry.Texts, into writer: inout JSONWriter) {
        let nodes = self.nodes
        let n = nodes[Int(node)]
        switch n.kind {
        case .pending:
            writer.beginContainer(UInt8(ascii: "{"))
            writer.endContainer(UInt8(ascii: "}"))
        case .null, .removed:
            writer.writeNull()
        case .bool:
            writer.writeBool(n.payload != 0)
        case .int:
            writer.writeInteger(Int64(bitPattern: n.payload))
        case .uint:
            writer.writeUnsigned(n.payload)
        case .double:
            writer.writeDouble(Double(bitPattern: n.payload))
        case .float:
            writer.writeFloat(Float(bitPattern: UInt32(truncatingIfNeeded: n.payload)))
        case .string:
            writer.writeString(strings[Int(n.payload)])
        case .numberText:
            writer.writeNumberText(strings[Int(n.payload)])
        case .iso8601Date:
            writer.appendByte(UInt8(ascii: "\""))
            ISO8601Timestamp.write(Double(bitPattern: n.payload)) { writer.appendBytes($0) }
            writer.appendByte(UInt8(ascii: "\""))
        case .json:
            writer.write(storedJSONValue(Int(n.payload)))
        case .array:
            writer.beginContainer(UInt8(ascii: "["))
            var child = n.first
            var isFirst = true
            while child >= 0 {
                if nodes[Int(child)].kind != .removed {
                    writer.beginElement(isFirst: isFirst)
                    isFirst = false
                    write(child, strings: strings, keys: keys, into: &writer)
                }
                child = nodes[Int(child)].next
            }
            writer.endContainer(UInt8(ascii: "]"))
        case .object:
            writer.beginContainer(UInt8(ascii: "{"))
            if writer.sortsKeys {
                for (i, member) in sortedMembers(of: node).enumerated() {
                    writer.writeKey(keyName(nodes[Int(member)].key), isFirst: i == 0)
                    write(member, strings: strings, keys: keys, into: &writer)
                }
            } else {
                var child = n.first
                var isFirst = true
                while child >= 0 {
                    let member = nodes[Int(child)]
                    if member.kind != .removed {
                        if member.key >= 0 {
                            writer.writeKey(strings[Int(member.key)], isFirst: isFirst)
                        } else {
                            keys.write(-2 &- member.key, isFirst: isFirst, into: &writer)
                        }
                        isFirst = false
                        write(child, strings: strings, keys: keys, into: &writer)
                    }
                    child = member.next
                }
            }
            writer.endContainer(UInt8(ascii: "}"))
        }
    }

    /// The live members of `object`, ordered by the UTF-8 bytes of their keys.
    private func sortedMembers(of object: Int32) -> [Int32] {
        var members: [Int32] = []
        var child = nodes[Int(object)].first
        while child >= 0 {
            if nodes[Int(child)].kind != .removed { members.append(child) }
            child = nodes[Int(child)].next
        }
        return JSONWriter.sortedPositions(count: members.count) { keyName(nodes[Int(members[$0])].key) }
            .map { members[$0] }
    }

    /// An estimate of the text's size, to reserve the output buffer once: the stored strings, and
    /// for each node a number or a registered key's text.
    var estimatedByteCount: Int {
        storedStringBytes + count * 16 + 64
    }

    // MARK: Tree

    /// The value at `node` as a public `JSONValue`, with the same number text the writer writes.
    func jsonValue(at node: Int32 = 0) -> JSONValue {
        let n = nodes[Int(node)]
        switch n.kind {
        case .pending:
            return .object(JSONObject())
        case .null, .removed:
            return .null
        case .bool:
            return .bool(n.payload != 0)
        case .int:
            return .number(JSONNumber(Int64(bitPattern: n.payload)))
        case .uint:
            return .number(JSONNumber(n.payload))
        case .double:
            return .number(JSONNumber(uncheckedText: JSONWriter.numberText(Double(bitPattern: n.payload))))
        case .float:
            return .number(JSONNumber(uncheckedText: JSONWriter.numberText(Float(bitPattern: UInt32(truncatingIfNeeded: n.payload)))))
        case .string:
            return .string(storedString(Int(n.payload)))
        case .numberText:
            return .number(JSONNumber(uncheckedText: storedString(Int(n.payload))))
        case .iso8601Date:
            return .string(ISO8601Timestamp.string(Date(timeIntervalSinceReferenceDate: Double(bitPattern: n.payload))))
        case .json:
            return storedJSONValue(Int(n.payload))
        case .array:
            var elements: [JSONValue] = []
            elements.reserveCapacity(Int(n.payload))
            var child = n.first
            while child >= 0 {
                if nodes[Int(child)].kind != .removed { elements.append(jsonValue(at: child)) }
                child = nodes[Int(child)].next
            }
            return .array(elements)
        case .object:
            return .object(objectValue(at: node))
        }
    }

    /// The members of the object at `node` as a public `JSONObject`.
    func objectValue(at node: Int32) -> JSONObject {
        var object = JSONObject()
        var child = nodes[Int(node)].first
        while child >= 0 {
            let member = nodes[Int(child)]
            if member.kind != .removed {
                // Keys are unique: a repeated key marks the earlier member removed.
                object.appendUnchecked(keyName(member.key), jsonValue(at: child))
            }
            child = member.next
        }
        return object
    }
}
