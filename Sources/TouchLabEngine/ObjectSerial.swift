import Foundation

/// A responder's or recognizer's identity as a value: a number the engine gives each object
/// when it is made, never reused while the process lives (an `ObjectIdentifier` is the
/// object's address, which a later object may take). Records carry it in their
/// `Participant`s, so that two objects of one class without a layout id are never confused
/// by a reader (the overlay finds a record's hit view by it).
public struct ObjectSerial: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
  public let rawValue: Int

  public init(rawValue: Int) { self.rawValue = rawValue }

  public init(from decoder: any Decoder) throws {
    rawValue = try decoder.singleValueContainer().decode(Int.self)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }

  public static func < (lhs: ObjectSerial, rhs: ObjectSerial) -> Bool { lhs.rawValue < rhs.rawValue }

  public var description: String { "#\(rawValue)" }

  /// The next serial: made once per responder or recognizer, never on a touch's path.
  static func next() -> ObjectSerial {
    counterLock.lock()
    defer { counterLock.unlock() }
    lastValue += 1
    return ObjectSerial(rawValue: lastValue)
  }

  // Objects may be made on any thread (a test, the live window's loader): the counter is locked.
  private static let counterLock = NSLock()
  nonisolated(unsafe) private static var lastValue = 0
}
