import CodableBridge
print("bridge-demo")
