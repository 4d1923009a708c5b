import BridgeServer

// swift run bridge-server, then:
//   curl -d '{"id": 1, "customer": "Ada", "items": [], "express": false}' localhost:8080/orders
//   curl -d '{"id": "1", "customer": "Ada", "items": [{"sku": "A", "quantity": "2", "price": 9.5}]}' localhost:8080/orders/normalise
let app = buildApplication()
try await app.runService()
