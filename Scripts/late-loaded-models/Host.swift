// Decodes `Book` (plain), opens the plugin, lets it decode its own model, decodes `Book` again
// (now a model through the plugin's retroactive conformance). Exits 1 on any other outcome.

import CodableBridge
import Foundation
import Models

let json = Data(#"{"t":"mapped","title":"plain"}"#.utf8)
let before = try BridgeDecoder().decode(Book.self, from: json).title
guard let plugin = dlopen(CommandLine.arguments[1], RTLD_NOW) else { fatalError(String(cString: dlerror())) }
guard let symbol = dlsym(plugin, "plugin_decode_note") else { fatalError("no plugin_decode_note") }
let decodeNote = unsafeBitCast(symbol, to: (@convention(c) () -> Bool).self)
let noteMapped = decodeNote()
let after = try BridgeDecoder().decode(Book.self, from: json).title
print("Book before dlopen: \(before); plugin's own model mapped: \(noteMapped); Book after: \(after)")
exit(before == "plain" && noteMapped && after == "mapped" ? 0 : 1)
