/// What the session says besides the scene: a confirmation under the panel's title for
/// `statusDuration` seconds ("Saved touchlab-….png"), and a problem that is
/// not the layout's (a screenshot not written) until the next key.
struct SessionMessages {
  /// How long a confirmation stays, in seconds.
  static let statusDuration: Double = 4
  /// The confirmation shown, until `statusExpiry`.
  private(set) var status: String?
  /// When the confirmation goes (the session's `timeSource` seconds).
  private(set) var statusExpiry: Double?
  /// The problem shown, until the next key.
  var notice: String?

  /// Shows `text` as the confirmation from `now` on.
  mutating func showStatus(_ text: String, now: Double) {
    status = text
    statusExpiry = now + Self.statusDuration
  }

  /// Drops the confirmation when its time is over at `now`; true when it did.
  mutating func expireStatus(now: Double) -> Bool {
    guard let statusExpiry, now >= statusExpiry else { return false }
    status = nil
    self.statusExpiry = nil
    return true
  }

  /// Drops the notice (a key was pressed); true when there was one.
  mutating func dismissNotice() -> Bool {
    guard notice != nil else { return false }
    notice = nil
    return true
  }
}
