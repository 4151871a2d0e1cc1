import CX11
import Foundation
import TouchLabCanvas
import TouchLabEncoding

/// Why the X11 front end could not start.
public enum X11Error: Error, Equatable, CustomStringConvertible {
  /// No X server answered at the display name (or $DISPLAY is unset).
  case cannotOpenDisplay(name: String?)
  /// The server lacks XInput 2.2, which brings multi-touch events.
  case xInput2Unavailable(detail: String)
  /// The server offers no 24-bit TrueColor visual to show Cairo's pixels.
  case unsupportedVisual
  case invalidSize(width: Int, height: Int)

  public var description: String {
    switch self {
    case .cannotOpenDisplay(let name):
      let which = name.map { "\"\($0)\"" } ?? "(DISPLAY is not set)"
      return """
        Cannot open the X display \(which). The window needs an X server. Without one, \
        run headless: `touchlab replay` or `touchlab shot` need no display, or start the \
        window under a virtual X server: `xvfb-run -a touchlab …`.
        """
    case .xInput2Unavailable(let detail):
      return "The X server does not offer XInput 2.2 (multi-touch): \(detail)."
    case .unsupportedVisual:
      return "The X server has no 24-bit TrueColor visual to show the window's pixels."
    case .invalidSize(let width, let height):
      return "A window needs a positive size, not \(width)×\(height)."
    }
  }
}

/// A top-level X11 window that shows `CairoCanvas` frames and reports XInput2
/// touch, pointer and key events as `InputEvent`s.
public final class X11Window: InputEventSource {
  /// The Xlib connection (a `Display *`).
  public let display: OpaquePointer
  /// The X window id.
  public let window: Window
  /// The connection's socket, readable when the server has sent something.
  public let fileDescriptor: Int32
  /// Current size in pixels, updated from ConfigureNotify events.
  public private(set) var width: Int
  public private(set) var height: Int
  /// The XInput extension's major opcode, which tags its generic events.
  public let xInputOpcode: Int32

  private let screen: Int32
  private let visual: UnsafeMutablePointer<Visual>
  private let depth: Int32
  private let graphicsContext: GC
  private let deleteWindowAtom: Atom
  private var isClosed = false
  /// Whether to try MIT-SHM for the next strip.
  private var prefersSharedMemory: Bool
  /// The event type of MIT-SHM's `ShmCompletion` on this connection (-1 without MIT-SHM).
  private let shmCompletionType: Int32

  /// Opens the display (nil: $DISPLAY), checks XInput 2.2, and maps a
  /// window of `width`×`height` pixels titled `title`, with `icon` as its
  /// window icon (nil for none).
  /// `sharedMemory: false` sends frames with `XPutImage` even where MIT-SHM works (tests
  /// of that path; `TOUCHLAB_NO_SHM=1` in the environment does the same).
  public init(
    title: String, width: Int, height: Int, displayName: String? = nil,
    icon: PNGImage? = X11Window.defaultIcon(), sharedMemory: Bool = true
  ) throws {
    guard width > 0, height > 0 else { throw X11Error.invalidSize(width: width, height: height) }
    X11Window.installConnectionLossHandler()
    guard let display = DisplayConnection.open(displayName) else {
      throw X11Error.cannotOpenDisplay(
        name: displayName ?? ProcessInfo.processInfo.environment["DISPLAY"])
    }
    var opcode: Int32 = 0
    var firstEvent: Int32 = 0
    var firstError: Int32 = 0
    guard XQueryExtension(display, "XInputExtension", &opcode, &firstEvent, &firstError) != 0 else {
      XCloseDisplay(display)
      throw X11Error.xInput2Unavailable(detail: "no XInputExtension")
    }
    // Asking for 2.2 is also what enables touch events for this client.
    var major: Int32 = 2
    var minor: Int32 = 2
    guard XIQueryVersion(display, &major, &minor) == Success, major * 100 + minor >= 202 else {
      XCloseDisplay(display)
      throw X11Error.xInput2Unavailable(detail: "the server has version \(major).\(minor)")
    }

    let screen = touchlab_default_screen(display)
    var visualInfo = XVisualInfo()
    guard XMatchVisualInfo(display, screen, 24, TrueColor, &visualInfo) != 0,
      visualInfo.red_mask == 0xFF0000, visualInfo.green_mask == 0x00FF00,
      visualInfo.blue_mask == 0x0000FF
    else {
      XCloseDisplay(display)
      throw X11Error.unsupportedVisual
    }
    let root = touchlab_root_window(display, screen)
    var attributes = XSetWindowAttributes()
    // An explicit colormap lets the visual differ from the screen's default.
    attributes.colormap = XCreateColormap(display, root, visualInfo.visual, AllocNone)
    attributes.background_pixel = 0
    attributes.border_pixel = 0
    attributes.event_mask = StructureNotifyMask | ExposureMask | KeyPressMask | FocusChangeMask | PropertyChangeMask
    let window = XCreateWindow(
      display, root, 0, 0, UInt32(width), UInt32(height), 0, visualInfo.depth,
      UInt32(InputOutput), visualInfo.visual,
      UInt(CWColormap | CWBackPixel | CWBorderPixel | CWEventMask), &attributes)

    self.display = display
    self.window = window
    self.screen = screen
    self.visual = visualInfo.visual
    self.depth = visualInfo.depth
    self.width = width
    self.height = height
    self.xInputOpcode = opcode
    self.fileDescriptor = touchlab_connection_number(display)
    self.graphicsContext = XCreateGC(display, window, 0, nil)
    self.deleteWindowAtom = XInternAtom(display, "WM_DELETE_WINDOW", 0)
    self.prefersSharedMemory = sharedMemory && ProcessInfo.processInfo.environment["TOUCHLAB_NO_SHM"] != "1"
    self.shmCompletionType = XShmQueryExtension(display) != 0 ? XShmGetEventBase(display) + ShmCompletion : -1
    X11Window.shownWindow = window

    var protocols = [deleteWindowAtom]
    XSetWMProtocols(display, window, &protocols, 1)
    setTitle(title)
    setProcessProperties()
    setClassHint(name: "touchlab", className: "TouchLab")
    if let icon { setIcon(icon) }
    selectInputEvents(root: root)
    // The strip for frames of the window's size, made before the window is mapped (its round
    // trips then wait for no mapping), its pages mapped in while the first frame is noted.
    _ = strip(frameWidth: width, frameHeight: height, maximumStripBytes: Self.maximumStripBytes)
    XMapWindow(display, window)
    XFlush(display)
  }

  deinit {
    close()
  }

  /// Destroys the window and closes the connection; later calls do nothing.
  public func close() {
    guard !isClosed else { return }
    isClosed = true
    if X11Window.shownWindow == window { X11Window.shownWindow = nil }
    stripBuffer = nil
    XFreeGC(display, graphicsContext)
    XDestroyWindow(display, window)
    XCloseDisplay(display)
  }

  // MARK: - Window properties

  /// Sets the title as ICCCM's WM_NAME and EWMH's _NET_WM_NAME. WM_NAME is STRING (Latin-1)
  /// when the title fits in Latin-1 and COMPOUND_TEXT otherwise, as ICCCM §4.1.2.1 requires —
  /// never UTF-8 bytes typed as Latin-1 — and _NET_WM_NAME is the title in UTF-8, so titles
  /// such as "按钮点击" or "TouchLab — …" show correctly in old and new window managers alike.
  public func setTitle(_ title: String) {
    var text = XTextProperty()
    let status: Int32 = title.withCString { pointer in
      var list: [UnsafeMutablePointer<CChar>?] = [UnsafeMutablePointer(mutating: pointer)]
      return Xutf8TextListToTextProperty(display, &list, 1, XStdICCTextStyle, &text)
    }
    if status >= Success, text.value != nil {
      XSetWMName(display, window, &text)
      XFree(text.value)
    } else {
      // No converter for some character: keep the name readable as plain ASCII.
      XStoreName(display, window, String(title.unicodeScalars.map { $0.isASCII ? Character($0) : "?" }))
    }
    let utf8 = Array(title.utf8)
    let property = XInternAtom(display, "_NET_WM_NAME", 0)
    let type = XInternAtom(display, "UTF8_STRING", 0)
    XChangeProperty(display, window, property, type, 8, PropModeReplace, utf8, Int32(utf8.count))
  }

  /// Ties the window to this process, as EWMH asks: _NET_WM_PID with the process id and
  /// ICCCM's WM_CLIENT_MACHINE with the host name (`xdotool search --pid` needs both).
  private func setProcessProperties() {
    var pid = Int(getpid())
    let pidAtom = XInternAtom(display, "_NET_WM_PID", 0)
    _ = withUnsafeBytes(of: &pid) { bytes in
      XChangeProperty(
        display, window, pidAtom, XInternAtom(display, "CARDINAL", 0), 32, PropModeReplace,
        bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), 1)
    }
    var host = [CChar](repeating: 0, count: 256)
    guard gethostname(&host, host.count - 1) == 0 else { return }
    var text = XTextProperty()
    let status: Int32 = host.withUnsafeMutableBufferPointer { buffer in
      var list: [UnsafeMutablePointer<CChar>?] = [buffer.baseAddress]
      return XStringListToTextProperty(&list, 1, &text)
    }
    guard status != 0, text.value != nil else { return }
    XSetWMClientMachine(display, window, &text)
    XFree(text.value)
  }

  private func setClassHint(name: String, className: String) {
    name.withCString { namePointer in
      className.withCString { classPointer in
        var hint = XClassHint(
          res_name: UnsafeMutablePointer(mutating: namePointer),
          res_class: UnsafeMutablePointer(mutating: classPointer))
        XSetClassHint(display, window, &hint)
      }
    }
  }

  /// Sets the window icon (_NET_WM_ICON) from an image.
  public func setIcon(_ image: PNGImage) {
    // _NET_WM_ICON is width, height, then one straight-alpha ARGB value per
    // pixel. Format-32 properties are passed as C longs, which are 64 bits
    // on 64-bit Linux, so the array is of Int, not UInt32.
    var values: [Int] = [image.width, image.height]
    values.reserveCapacity(2 + image.width * image.height)
    for y in 0..<image.height {
      for x in 0..<image.width {
        let pixel = image[x, y]
        values.append(
          Int(pixel.alpha) << 24 | Int(pixel.red) << 16 | Int(pixel.green) << 8 | Int(pixel.blue))
      }
    }
    let property = XInternAtom(display, "_NET_WM_ICON", 0)
    values.withUnsafeBytes { bytes in
      _ = XChangeProperty(
        display, window, property, XInternAtom(display, "CARDINAL", 0), 32, PropModeReplace,
        bytes.bindMemory(to: UInt8.self).baseAddress, Int32(values.count))
    }
  }

  /// `Assets/icon.png`, or the same icon drawn afresh when the file is
  /// missing or unreadable (an installed binary without its Assets folder).
  public static func defaultIcon() -> PNGImage? {
    if let url = AssetLocator.url(forAsset: "icon.png"), let image = try? PNGImage(contentsOf: url) {
      return image
    }
    return try? AppIcon.canvas().makeImage()
  }

  /// The server's time now, in milliseconds, and when (`MonotonicClock`) the window read it:
  /// an empty append to a property of the window, whose PropertyNotify carries the server's
  /// time (ICCCM §2.1's way to get it). A round trip, so that `ServerTimeMapping` starts from
  /// a sample read at once rather than from the first input, which a busy machine may read
  /// late. Other events that come meanwhile stay queued.
  public func serverTimeSample() -> (serverTime: UInt, readAt: Double) {
    let property = XInternAtom(display, "_TOUCHLAB_SERVER_TIME", 0)
    var nothing: UInt8 = 0
    XChangeProperty(display, window, property, property, 8, PropModeAppend, &nothing, 0)
    XFlush(display)
    var event = XEvent()
    repeat {
      XWindowEvent(display, window, PropertyChangeMask, &event)
    } while !(event.type == PropertyNotify && event.xproperty.atom == property)
    return (UInt(event.xproperty.time), MonotonicClock.now())
  }

  /// Asks the server for a new size. The window manager may refuse or
  /// adjust it; the size that takes effect arrives as a `.resize` event.
  public func resize(width: Int, height: Int) {
    guard width > 0, height > 0 else { return }
    XResizeWindow(display, window, UInt32(width), UInt32(height))
    XFlush(display)
  }

  // MARK: - Drawing

  /// The most bytes the strip a frame is drawn in takes: a frame is drawn and sent a band of
  /// rows at a time through it, so the window never holds a whole frame (at scale 3 one is
  /// 23 MB): what the window shows stays on the server.
  public static let maximumStripBytes = 4 << 20

  /// The rows of the strip for frames `frameWidth`×`frameHeight` pixels: as many as
  /// `maximumStripBytes` hold (16 at least), at most the frame's.
  public static func stripRows(frameWidth: Int, frameHeight: Int, maximumBytes: Int = maximumStripBytes) -> Int {
    max(1, min(frameHeight, max(16, maximumBytes / max(1, frameWidth * 4))))
  }

  /// The rows a pass `width` pixels wide may span (`drawAndSend(passes:…)`): the strip made
  /// for the frame (`stripRows(frameWidth:frameHeight:maximumBytes:)`) laid out in rows of
  /// `width` pixels — more rows than a whole row of the frame gets — at most the frame's.
  public static func stripRows(
    passWidth width: Int, frameWidth: Int, frameHeight: Int, maximumBytes: Int = maximumStripBytes
  ) -> Int {
    let bytes = frameWidth * 4 * stripRows(frameWidth: frameWidth, frameHeight: frameHeight, maximumBytes: maximumBytes)
    return max(1, min(frameHeight, bytes / (4 * min(frameWidth, max(1, width)))))
  }

  /// Whether the window lacks a whole frame drawn by `drawAndSend` (none yet, the frames
  /// changed size, or the server lost its pixels: an Expose): the next must be drawn whole.
  public var needsWholeFrame: Bool { !(stripBuffer?.holdsFrame ?? false) }

  /// Draws and sends `bands` of a frame of `frameWidth`×`frameHeight` pixels at `scale`, one at
  /// a time: `draw` draws the band it is given (clipped to it) onto a canvas of the whole
  /// frame's size whose pixels are the strip's rows, then that band is sent (MIT-SHM when the
  /// server offers it, `XPutImage` otherwise) and, for shared memory, read by the server
  /// before the next band is drawn into the same memory. Each band must fit the strip
  /// (`stripRows`). Returns false when `draw` stopped (false) — bands before it are on screen
  /// — and nil when no strip can be made. Drawing every band of the frame (the whole frame
  /// when `needsWholeFrame`) leaves the window holding a whole frame.
  public func drawAndSend(
    _ bands: [PixelRect], frameWidth: Int, frameHeight: Int, scale: Double,
    maximumStripBytes: Int = X11Window.maximumStripBytes, draw: (CairoCanvas, PixelRect) -> Bool
  ) -> Bool? {
    drawAndSend(
      passes: bands.map { [$0] }, frameWidth: frameWidth, frameHeight: frameHeight, scale: scale,
      maximumStripBytes: maximumStripBytes
    ) { canvas, rects in draw(canvas, rects[0]) }
  }

  /// As `drawAndSend(_:frameWidth:frameHeight:scale:maximumStripBytes:draw:)`, with the
  /// rectangles in passes: each pass's rectangles, whose rows together fit the strip laid out
  /// at the pass's width (from its leftmost pixel to its rightmost: `stripRows(passWidth:…)`),
  /// are drawn in one go (`draw` gets them all and draws clipped to them), then sent one by
  /// one. Many small rectangles then cost one drawing, not one each, and a frame's damage
  /// narrower than the frame (a drag over the scene) fewer passes.
  public func drawAndSend(
    passes: [[PixelRect]], frameWidth: Int, frameHeight: Int, scale: Double,
    maximumStripBytes: Int = X11Window.maximumStripBytes, draw: (CairoCanvas, [PixelRect]) -> Bool
  ) -> Bool? {
    guard frameWidth > 0, frameHeight > 0,
      let strip = strip(frameWidth: frameWidth, frameHeight: frameHeight, maximumStripBytes: maximumStripBytes)
    else { return nil }
    lastSentRects = []
    if !strip.holdsFrame { strip.haveServerMapIn(drawable: window, depth: depth, graphicsContext: graphicsContext) }
    for pass in passes {
      let rects = pass.map { whole in
        PixelRect(
          x: max(0, whole.x), y: max(0, whole.y), width: min(frameWidth, whole.x + whole.width) - max(0, whole.x),
          height: min(frameHeight, whole.y + whole.height) - max(0, whole.y))
      }.filter { $0.width > 0 && $0.height > 0 }
      let bounds = DamageRect.bounds(of: rects)
      guard !bounds.isEmpty else { continue }
      // The pass's rows of its own width: a pass narrower than the frame gets more rows
      // (`stripRows(passWidth:…)`), and one that fits after the pass before is drawn there
      // while the server reads that one.
      let passRows = Self.stripRows(
        passWidth: bounds.width, frameWidth: frameWidth, frameHeight: frameHeight, maximumBytes: maximumStripBytes)
      precondition(bounds.height <= passRows, "a pass of \(bounds.height) rows does not fit a strip of \(passRows)")
      let pixels = strip.room(width: bounds.width, rows: bounds.height)
      guard
        let canvas = try? CairoCanvas(
          drawingInto: pixels, pixelWidth: bounds.width, pixelHeight: bounds.height, bytesPerRow: bounds.width * 4,
          scale: scale, frameWidth: frameWidth, frameHeight: frameHeight, firstColumn: bounds.x, firstRow: bounds.y)
      else { return nil }
      guard draw(canvas, rects) else { return false }
      canvas.finishDrawing()
      strip.send(rects, fromColumn: bounds.x, row: bounds.y, to: window, graphicsContext: graphicsContext)
      lastSentRects += rects
    }
    strip.holdsFrame = true
    return true
  }

  /// Copies the window's pixels in `source` to `x`, `y` (XCopyArea, on the server): what was
  /// drawn there moves without being drawn or sent again. Only a window holding a whole frame
  /// can; where the source was covered, the server sends a GraphicsExpose and the next frame
  /// is drawn whole.
  public func copyArea(_ source: PixelRect, toX x: Int, y: Int) {
    XCopyArea(
      display, window, window, graphicsContext, Int32(source.x), Int32(source.y), UInt32(source.width),
      UInt32(source.height), Int32(x), Int32(y))
  }

  /// The strip for frames of `frameWidth`×`frameHeight` pixels, made anew when the frames
  /// changed size; nil when memory runs out.
  private func strip(frameWidth: Int, frameHeight: Int, maximumStripBytes: Int) -> FrameBuffer? {
    let rows = Self.stripRows(frameWidth: frameWidth, frameHeight: frameHeight, maximumBytes: maximumStripBytes)
    if stripBuffer?.width != frameWidth || stripBuffer?.height != rows || stripFrameHeight != frameHeight {
      stripBuffer = nil  // the old segment goes first
      stripBuffer = FrameBuffer(
        display: display, visual: visual, depth: depth, width: frameWidth, height: rows, shared: prefersSharedMemory)
      if stripBuffer?.isShared == false { prefersSharedMemory = false }
      stripFrameHeight = frameHeight
    }
    return stripBuffer
  }

  /// The strip frames are drawn and sent through (`drawAndSend`).
  private(set) var stripBuffer: FrameBuffer?
  private var stripFrameHeight = 0

  /// The bands the last `drawAndSend` sent.
  public private(set) var lastSentRects: [PixelRect] = []

  /// Paints the whole window its background and has the next frame sent whole: the frames
  /// change size (a smaller one would leave the old one's edges showing).
  public func clearBackground() {
    XClearWindow(display, window)
    stripBuffer?.holdsFrame = false
  }

  /// Whether the X server may still be reading the last frame sent through shared memory:
  /// the next frame would wait for it, so the loop waits in `PollLoop` instead (an engine
  /// timer may fall due meanwhile), woken by `InputEvent.frameRead`.
  public var isSendingFrame: Bool { stripBuffer?.isBeingRead ?? false }

  /// Waits until the X server has read the last frame sent (at once when it has).
  public func waitUntilFrameRead() { stripBuffer?.waitUntilRead() }

  /// Whether frames reach the server through MIT-SHM shared memory (else `XPutImage`).
  /// Known once a frame has been sent.
  public var sendsThroughSharedMemory: Bool { stripBuffer?.isShared ?? false }

  /// Reads the window's pixels back from the server (XGetImage), for tests
  /// and screenshots of what is really on screen. Opaque RGBA.
  public func captureImage() -> PNGImage? {
    XSync(display, 0)
    // UInt.max is AllPlanes, a cast macro Swift cannot import.
    guard
      let image = XGetImage(display, window, 0, 0, UInt32(width), UInt32(height), UInt.max, ZPixmap)
    else { return nil }
    defer { touchlab_destroy_image(image) }
    var result = PNGImage(width: width, height: height)
    for y in 0..<height {
      for x in 0..<width {
        let value = touchlab_get_pixel(image, Int32(x), Int32(y))
        result[x, y] = PNGPixel(
          red: UInt8(truncatingIfNeeded: value >> 16), green: UInt8(truncatingIfNeeded: value >> 8),
          blue: UInt8(truncatingIfNeeded: value))
      }
    }
    return result
  }

  // MARK: - Events

  private func selectInputEvents(root: Window) {
    let length = Int(touchlab_xi_mask_len(XI_LASTEVENT))
    var mask = [UInt8](repeating: 0, count: length)
    for type in [
      XI_ButtonPress, XI_ButtonRelease, XI_Motion, XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd, XI_Leave,
    ] {
      touchlab_xi_set_mask(&mask, type)
    }
    mask.withUnsafeMutableBufferPointer { bytes in
      var selection = XIEventMask(
        deviceid: XIAllMasterDevices, mask_len: Int32(length), mask: bytes.baseAddress)
      XISelectEvents(display, window, &selection, 1)
    }
    // Device hierarchy changes are reported on the root window.
    var hierarchyMask = [UInt8](repeating: 0, count: length)
    touchlab_xi_set_mask(&hierarchyMask, XI_HierarchyChanged)
    hierarchyMask.withUnsafeMutableBufferPointer { bytes in
      var selection = XIEventMask(
        deviceid: XIAllDevices, mask_len: Int32(length), mask: bytes.baseAddress)
      XISelectEvents(display, root, &selection, 1)
    }
  }

  /// Sends queued requests, then returns every event received so far
  /// without blocking (see `PollLoop`, which sleeps between calls).
  public func drainEvents() -> [InputEvent] {
    var events: [InputEvent] = []
    while XPending(display) > 0 {
      var event = XEvent()
      XNextEvent(display, &event)
      if let converted = convert(&event) { events.append(converted) }
    }
    return events
  }

  /// Blocks until the server has handled every request sent so far, so
  /// events they caused are queued (tests use it after a synthetic input).
  public func synchronize() {
    XSync(display, 0)
  }

  /// Whether the physical device `id` is still there and enabled. Taking a device away
  /// (unplugged, or disabled as `xinput disable` does), the X server first ends its touches
  /// and releases its buttons as though the fingers lifted, then reports the hierarchy
  /// change; those lifts are not the user's and are dropped, so that the change cancels the
  /// touches instead (no tap, no button action). Asked only for lifts: one round trip each.
  private func isEnabled(device id: Int32) -> Bool {
    var count: Int32 = 0
    // All devices, not just `id`: asking about a device already removed is an X error.
    guard let devices = XIQueryDevice(display, XIAllDevices, &count) else { return true }
    defer { XIFreeDeviceInfo(devices) }
    return (0..<Int(count)).contains { devices[$0].deviceid == id && devices[$0].enabled != 0 }
  }

  private func convert(_ event: inout XEvent) -> InputEvent? {
    if event.type == shmCompletionType { return .frameRead }
    switch event.type {
    case GenericEvent:
      guard event.xcookie.extension == xInputOpcode, XGetEventData(display, &event.xcookie) != 0
      else {
        return nil
      }
      defer { XFreeEventData(display, &event.xcookie) }
      guard let data = event.xcookie.data else { return nil }
      switch event.xcookie.evtype {
      case XI_HierarchyChanged:
        return XIEventConverter.inputEvent(from: data.load(as: XIHierarchyEvent.self))
      case XI_Leave:
        return XIEventConverter.inputEvent(fromLeave: data.load(as: XILeaveEvent.self))
      case XI_ButtonPress, XI_ButtonRelease, XI_Motion, XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd:
        let deviceEvent = data.load(as: XIDeviceEvent.self)
        if XIEventConverter.isLift(deviceEvent), !isEnabled(device: deviceEvent.sourceid) { return nil }
        return XIEventConverter.inputEvent(from: deviceEvent)
      default:
        return nil
      }

    case DestroyNotify:
      // Another client destroyed the window (`xdotool windowclose`, XDestroyWindow): there
      // is nothing left to draw in or take input from.
      guard event.xdestroywindow.window == window else { return nil }
      X11Window.exit(with: X11Window.windowDestroyedMessage)

    case ConfigureNotify:
      let configure = event.xconfigure
      guard configure.window == window,
        Int(configure.width) != width || Int(configure.height) != height
      else { return nil }
      width = Int(configure.width)
      height = Int(configure.height)
      stripBuffer?.holdsFrame = false  // a window that grew shows nothing in its new part
      return .resize(width: width, height: height)

    case Expose:
      // Expose comes as a burst of rectangles; `count` is how many follow.
      // Report only the last, since the whole frame is sent again anyway.
      stripBuffer?.holdsFrame = false  // the server lost pixels: send the next frame whole
      return event.xexpose.count == 0 ? .expose : nil

    case GraphicsExpose:
      // A `copyArea` whose source was covered: the pixels copied from there are not the
      // frame's. The frame is drawn whole again (NoExpose, a copy that went well, is ignored).
      stripBuffer?.holdsFrame = false
      return event.xgraphicsexpose.count == 0 ? .expose : nil

    case ClientMessage:
      let message = event.xclient
      guard message.format == 32, Atom(bitPattern: message.data.l.0) == deleteWindowAtom else {
        return nil
      }
      return .close

    case MappingNotify:
      // The keyboard layout changed: Xlib's copy of the keymap, which XLookupString reads,
      // is only refreshed when the client asks.
      var mapping = event.xmapping
      XRefreshKeyboardMapping(&mapping)
      return nil

    case FocusOut:
      return XIEventConverter.focusOut(mode: event.xfocus.mode, detail: event.xfocus.detail)

    case KeyPress:
      var key = event.xkey
      var keysym: KeySym = 0
      var buffer = [CChar](repeating: 0, count: 32)
      let count = XLookupString(&key, &buffer, Int32(buffer.count - 1), &keysym, nil)
      let text = count > 0 ? String(cString: buffer) : nil
      let name = XKeysymToString(keysym).map { String(cString: $0) }
      return XIEventConverter.keyPress(
        keysym: UInt(keysym), name: name, text: text, state: key.state, time: UInt(key.time))

    default:
      return nil
    }
  }

  // MARK: - Losing the server, X errors

  /// The window the error handler blames a bad window or drawable on.
  nonisolated(unsafe) static var shownWindow: Window?

  private static let handlerInstalled: Bool = {
    XSetIOErrorHandler { display in
      let name = display.map { String(cString: XDisplayString($0)) } ?? "?"
      X11Window.exit(with: X11Window.connectionLostMessage(displayName: name))
    }
    // Xlib's default prints "X Error of failed request: …" and exits: a request that fails
    // ends the program with a sentence instead — the window destroyed under it by another
    // client (its drawing then fails with BadWindow or BadDrawable) has its own.
    XSetErrorHandler { display, event in
      guard let event = event?.pointee else { return 0 }
      var text = [CChar](repeating: 0, count: 256)
      XGetErrorText(display, Int32(event.error_code), &text, Int32(text.count))
      let errorName = String(cString: text)
      if let window = X11Window.shownWindow, event.resourceid == window,
        [BadWindow, BadDrawable, BadMatch].contains(Int32(event.error_code))
      {
        X11Window.exit(with: X11Window.windowDestroyedMessage)
      }
      X11Window.exit(
        with: X11Window.requestFailedMessage(errorName: errorName, request: Int(event.request_code)))
    }
    return true
  }()

  /// Makes losing the X server (it quit, crashed or closed the connection), an X request
  /// failing and the window destroyed by another client end the program with a message and
  /// exit status 1, instead of Xlib's default report and abort. Called by `init`; safe to
  /// call again.
  public static func installConnectionLossHandler() {
    _ = handlerInstalled
  }

  private static func exit(with message: String) -> Never {
    _ = (message + "\n").withCString { fputs($0, stderr) }
    Foundation.exit(1)
  }

  /// What the program prints when the X server goes away.
  public static func connectionLostMessage(displayName: String) -> String {
    "touchlab: lost the connection to the X server on display \(displayName) (it quit or closed the window's connection); exiting."
  }

  /// What the program prints when another X client destroys the window.
  public static let windowDestroyedMessage =
    "touchlab: the window was destroyed by another X client (such as xdotool windowclose); exiting."

  /// What the program prints when an X request fails.
  public static func requestFailedMessage(errorName: String, request: Int) -> String {
    "touchlab: the X server refused a request (\(errorName), request \(request)); exiting."
  }
}
