import CDBus

/// RealtimeKit (`org.freedesktop.RealtimeKit1` on the system bus): the desktop's way for an
/// unprivileged process to have a thread made real time, as PipeWire and PulseAudio do. The
/// daemon makes the thread `SCHED_RR | SCHED_RESET_ON_FORK` at a priority up to its
/// `MaxRealtimePriority`, and only for a process whose `RLIMIT_RTTIME` is at most its
/// `RTTimeUSecMax` (it then kills a thread that computes past that without sleeping), so
/// that limit is set first. Each grant is one D-Bus round trip, and the daemon allows a
/// user a few (25 in 20 s by default): `TimerWakePriority` keeps a granted thread raised
/// while it sleeps instead of asking again for every timer.
public enum RealtimeKit {
  public static let busName = "org.freedesktop.RealtimeKit1"
  public static let objectPath = "/org/freedesktop/RealtimeKit1"

  /// What RealtimeKit said.
  public enum Outcome: Equatable, Sendable {
    /// The calling thread is real time now (`SCHED_RR` at `priority`), with `RLIMIT_RTTIME`
    /// set to `rtTimeLimit` seconds.
    case granted(priority: Int32, rtTimeLimit: Double)
    /// No grant, and why (no system bus, no RealtimeKit, refused by it or by polkit).
    case refused(String)
  }

  /// How long a call may wait for the daemon (milliseconds): the window's loop waits that
  /// long at most (RealtimeKit asks polkit, which may be slow on a busy machine).
  static let timeout: Int32 = 500

  /// The connection and the daemon's `RTTimeUSecMax` kept from one grant to the next, so
  /// that a raise after the first is one round trip (`MakeThreadRealtime`), not a new
  /// connection (connect, authenticate, `Hello`) and a property read besides. Only the
  /// window's loop thread asks (`TimerWakePriority`); a lost connection is made again.
  nonisolated(unsafe) private static var kept: (connection: OpaquePointer, limit: Int64)?

  /// Asks RealtimeKit to make the calling thread real time at its lowest priority (1),
  /// setting `RLIMIT_RTTIME` to what the daemon requires first. The system bus is the one
  /// `DBUS_SYSTEM_BUS_ADDRESS` names, or the standard socket. Call it on one thread only
  /// (the connection is kept for the next call).
  public static func makeThisThreadRealTime() -> Outcome {
    let session: (connection: OpaquePointer, limit: Int64)
    if let kept, dbus_connection_get_is_connected(kept.connection) != 0 {
      session = kept
    } else {
      forget()
      switch connect() {
      case .success(let made): session = made
      case .failure(let problem): return .refused(problem.text)
      }
      kept = session
    }
    let outcome = requestRealTime(on: session.connection, limit: session.limit)
    // A refusal leaves the connection as it was; one the bus dropped is made again next time.
    if dbus_connection_get_is_connected(session.connection) == 0 { forget() }
    return outcome
  }

  /// A private connection to the system bus, and the daemon's `RTTimeUSecMax` (set as this
  /// process's `RLIMIT_RTTIME`, as the daemon requires before it grants).
  private static func connect() -> Result<(connection: OpaquePointer, limit: Int64), Problem> {
    var error = DBusError()
    dbus_error_init(&error)
    defer { dbus_error_free(&error) }
    guard let connection = dbus_bus_get_private(DBUS_BUS_SYSTEM, &error) else {
      return .failure(Problem(text: "no system bus (\(message(of: error)))"))
    }
    dbus_connection_set_exit_on_disconnect(connection, 0)
    func fail(_ text: String) -> Result<(connection: OpaquePointer, limit: Int64), Problem> {
      dbus_connection_close(connection)
      dbus_connection_unref(connection)
      return .failure(Problem(text: text))
    }
    let limit: Int64
    switch integerProperty("RTTimeUSecMax", on: connection) {
    case .success(let value): limit = value
    case .failure(let problem): return fail(problem.text)
    }
    guard limit > 0 else { return fail("RealtimeKit's RTTimeUSecMax is \(limit)") }
    let code = touchlab_set_rttime_limit(UInt64(limit))
    guard code == 0 else { return fail("cannot set RLIMIT_RTTIME (errno \(code))") }
    return .success((connection, limit))
  }

  /// Closes the kept connection, if any.
  private static func forget() {
    guard let connection = kept?.connection else { return }
    kept = nil
    dbus_connection_close(connection)
    dbus_connection_unref(connection)
  }

  /// `MakeThreadRealtime(this thread, 1)`.
  private static func requestRealTime(on connection: OpaquePointer, limit: Int64) -> Outcome {
    var error = DBusError()
    dbus_error_init(&error)
    defer { dbus_error_free(&error) }
    guard
      let call = dbus_message_new_method_call(busName, objectPath, busName, "MakeThreadRealtime")
    else { return .refused("out of memory") }
    defer { dbus_message_unref(call) }
    var arguments = DBusMessageIter()
    dbus_message_iter_init_append(call, &arguments)
    var thread = touchlab_thread_id()
    var priority: UInt32 = 1
    dbus_message_iter_append_basic(&arguments, touchlab_dbus_type_uint64(), &thread)
    dbus_message_iter_append_basic(&arguments, touchlab_dbus_type_uint32(), &priority)
    guard let reply = dbus_connection_send_with_reply_and_block(connection, call, timeout, &error) else {
      return .refused(message(of: error))
    }
    dbus_message_unref(reply)
    return .granted(priority: Int32(priority), rtTimeLimit: Double(limit) / 1e6)
  }

  struct Problem: Error {
    var text: String
  }

  /// An integer property of the daemon (`org.freedesktop.DBus.Properties.Get`).
  static func integerProperty(_ name: String, on connection: OpaquePointer) -> Result<Int64, Problem> {
    guard
      let call = dbus_message_new_method_call(
        busName, objectPath, "org.freedesktop.DBus.Properties", "Get")
    else { return .failure(Problem(text: "out of memory")) }
    defer { dbus_message_unref(call) }
    var arguments = DBusMessageIter()
    dbus_message_iter_init_append(call, &arguments)
    for text in [busName, name] {
      text.withCString { pointer in
        var value: UnsafePointer<CChar>? = pointer
        _ = dbus_message_iter_append_basic(&arguments, touchlab_dbus_type_string(), &value)
      }
    }
    var error = DBusError()
    dbus_error_init(&error)
    defer { dbus_error_free(&error) }
    guard let reply = dbus_connection_send_with_reply_and_block(connection, call, timeout, &error) else {
      return .failure(Problem(text: message(of: error)))
    }
    defer { dbus_message_unref(reply) }
    var iterator = DBusMessageIter()
    var variant = DBusMessageIter()
    guard dbus_message_iter_init(reply, &iterator) != 0,
      dbus_message_iter_get_arg_type(&iterator) == touchlab_dbus_type_variant()
    else { return .failure(Problem(text: "RealtimeKit's \(name) is not a variant")) }
    dbus_message_iter_recurse(&iterator, &variant)
    switch dbus_message_iter_get_arg_type(&variant) {
    case touchlab_dbus_type_int64():
      var value: Int64 = 0
      dbus_message_iter_get_basic(&variant, &value)
      return .success(value)
    case touchlab_dbus_type_int32():
      var value: Int32 = 0
      dbus_message_iter_get_basic(&variant, &value)
      return .success(Int64(value))
    default:
      return .failure(Problem(text: "RealtimeKit's \(name) is not an integer"))
    }
  }

  static func message(of error: DBusError) -> String {
    var error = error
    guard dbus_error_is_set(&error) != 0 else { return "no reason given" }
    let name = error.name.map { String(cString: $0) } ?? "?"
    let text = error.message.map { String(cString: $0) } ?? ""
    return "\(name): \(text)"
  }
}
