// libPlugin.so, opened by the host with dlopen after its first decode (Scripts/late-loaded-models.sh).

import CodableBridge
import Foundation
import Models

// A retroactive conformance of a type from an image loaded at launch.
extension Book: @retroactive MappableCodable {
    public static var keyMapping: KeyMapping { ["title": "t"] }
}

/// A model of the plugin's own.
struct Note: MappableCodable {
    var text: String
    static var keyMapping: KeyMapping { ["text": "body"] }
}

@_cdecl("plugin_decode_note")
public func decodeNote() -> Bool {
    let note = try? BridgeDecoder().decode(Note.self, from: Data(#"{"body":"mapped","text":"plain"}"#.utf8))
    return note?.text == "mapped"
}
