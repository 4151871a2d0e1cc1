import CX11
import Foundation
import TouchLabCanvas

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A pixel rectangle of a frame: what changed since the frame before, and what is sent —
/// the renderer's damage rectangle, one type from drawing to sending.
public typealias PixelRect = DamageRect

/// The window's strip: a few rows of a frame, drawn into and sent from memory the X server
/// reads straight (MIT-SHM, when the server offers it and shares the machine) or from the
/// process's own (sent with `XPutImage`). `X11Window.drawAndSend` draws each pass of a frame
/// into it and sends only the pass's rectangles, so a moving finger or a new transcript line
/// costs its own pixels, not the whole window's.
final class FrameBuffer {
  let width: Int
  let height: Int
  let bytesPerRow: Int
  let image: UnsafeMutablePointer<XImage>
  /// The segment the server reads, when shared; nil for `XPutImage`.
  private let segment: UnsafeMutablePointer<XShmSegmentInfo>?
  private let display: OpaquePointer
  /// Whether it holds a frame yet (the first frame is sent whole).
  var holdsFrame = false

  var isShared: Bool { segment != nil }
  /// Its memory's first byte.
  private let memory: UnsafeMutableRawPointer
  /// The bytes of pixels it holds: `height` rows of `width`, or more rows of fewer pixels
  /// (`room(width:rows:)`; `X11Window.stripRows(passWidth:…)` says how many).
  var capacity: Int { bytesPerRow * height }
  /// The bytes from its start that passes sent since the server last read it took.
  private var used = 0

  /// Room for a pass of `rows` rows of `width` pixels (`width` × 4 bytes apart), which the
  /// image then describes (what is sent next is read from there): after what the passes sent
  /// since the server last read took, when the rest holds it — no waiting for the server —
  /// else from the start, once the server has read it (`waitUntilRead`). What was sent
  /// before is read as it was then (each put carries the image's place and size). The
  /// rows must fit it whole.
  func room(width: Int, rows: Int) -> UnsafeMutableRawPointer {
    let bytes = max(1, width) * 4 * max(1, rows)
    precondition(bytes <= capacity, "\(rows) rows of \(width) pixels do not fit a strip of \(capacity) bytes")
    if !isBeingRead { used = 0 }
    if used + bytes > capacity {
      waitUntilRead()
      used = 0
    }
    let start = memory + used
    used += (bytes + 63) & ~63  // the next pass's rows start on a cache line
    describe(start, width: width, bytesPerRow: width * 4, rows: rows)
    return start
  }

  /// A buffer of `width`×`height` pixels; shared with the server when `shared` and the
  /// server agrees, otherwise in the process's memory. Nil when memory runs out.
  init?(
    display: OpaquePointer, visual: UnsafeMutablePointer<Visual>, depth: Int32, width: Int, height: Int,
    shared: Bool
  ) {
    self.display = display
    self.width = width
    self.height = height
    if shared, let (image, segment) = Self.makeShared(display, visual, depth, width, height) {
      self.image = image
      self.segment = segment
    } else {
      let bytesPerRow = width * 4
      guard let memory = malloc(bytesPerRow * height),
        let image = XCreateImage(
          display, visual, UInt32(depth), ZPixmap, 0, memory.assumingMemoryBound(to: CChar.self),
          UInt32(width), UInt32(height), 32, Int32(bytesPerRow))
      else { return nil }
      self.image = image
      self.segment = nil
    }
    // Cairo's words are in the machine's byte order; say so, and Xlib swaps for a server
    // of the other order.
    image.pointee.byte_order = 1.littleEndian == 1 ? LSBFirst : MSBFirst
    bytesPerRow = Int(image.pointee.bytes_per_line)
    memory = UnsafeMutableRawPointer(image.pointee.data)
    // Its pages mapped in while the first frame is noted, not by that frame's drawing.
    Self.mapInMeanwhile(memory, bytes: bytesPerRow * height)
  }

  /// Maps `bytes` at `memory` in, writable, without writing them: 0, or the errno of the
  /// kernel's refusal (EINVAL before Linux 5.14, whose `MADV_POPULATE_WRITE` it is). A new
  /// strip's first drawing otherwise takes a page fault for each of its pages (a 4 MB strip:
  /// a thousand, 3–5 ms of the window's first frame at scale 2).
  @discardableResult
  static func mapIn(_ memory: UnsafeMutableRawPointer, bytes: Int) -> Int32 {
    touchlab_populate_for_writing(memory, bytes)
  }

  /// `mapIn` on a thread of its own, so that the window goes on. The pages' contents are not
  /// touched, so drawing may start meanwhile; a kernel that refuses leaves the faults to the
  /// first drawing, as before; a strip freed meanwhile (a resize) only makes it fail, or map
  /// in pages of what took its place, unwritten.
  private static func mapInMeanwhile(_ memory: UnsafeMutableRawPointer, bytes: Int) {
    let address = Int(bitPattern: memory)
    Thread.detachNewThread {
      guard let memory = UnsafeMutableRawPointer(bitPattern: address) else { return }
      mapIn(memory, bytes: bytes)
    }
  }

  deinit {
    if let segment {
      XShmDetach(display, segment)
      XSync(display, 0)
      shmdt(segment.pointee.shmaddr)
      image.pointee.data = nil
      touchlab_destroy_image(image)
      segment.deallocate()
    } else {
      image.pointee.data = memory.assumingMemoryBound(to: CChar.self)
      touchlab_destroy_image(image)  // frees the malloc'd pixels too
    }
  }

  /// Sends each of `rects` of a frame whose pixel (`firstColumn`, `firstRow`) is the first of
  /// the room last made (`room(width:rows:)`), and does not wait: through shared memory, the
  /// server reports when it has read the strip (a `ShmCompletion`, which the window's events
  /// bring: `X11Window.drainEvents`), and what of the strip was sent is not drawn into before
  /// (`room(width:rows:)`, `waitUntilRead`). The loop is free meanwhile — an
  /// engine timer falling due while the X server is slow to read (a busy machine) fires on
  /// time instead of waiting for it.
  func send(
    _ rects: [PixelRect], fromColumn firstColumn: Int = 0, row firstRow: Int, to drawable: Drawable,
    graphicsContext: GC
  ) {
    for (index, rect) in rects.enumerated() {
      let reportsRead = segment != nil && index == rects.count - 1
      // Requests are handled in order: the last put read, all of them are.
      if reportsRead { readRequest = touchlab_next_request(display) }
      put(
        x: rect.x - firstColumn, y: rect.y - firstRow, width: rect.width, height: rect.height, toX: rect.x, toY: rect.y,
        drawable: drawable, graphicsContext: graphicsContext, reportsRead: reportsRead)
    }
    XFlush(display)
  }

  /// The number of the last put through shared memory, until the server is known to have
  /// read it; nil then (and for `XPutImage`, which copies the pixels into the request).
  private var readRequest: UInt?

  /// Whether the server may still be reading what was last sent through shared memory. Known
  /// from what the connection has read: the put's `ShmCompletion`, or anything later.
  var isBeingRead: Bool {
    guard let readRequest else { return false }
    guard touchlab_last_known_request_processed(display) >= readRequest else { return true }
    self.readRequest = nil
    return false
  }

  /// Waits until the server has read what was sent: the strip is drawn into next.
  func waitUntilRead() {
    guard isBeingRead else { return }
    XSync(display, 0)
    readRequest = nil
  }

  /// Has the image describe `rows` rows of `width` pixels from `start`, `bytesPerRow` apart:
  /// what is put next is read from there.
  private func describe(_ start: UnsafeMutableRawPointer, width: Int, bytesPerRow: Int, rows: Int) {
    image.pointee.data = start.assumingMemoryBound(to: CChar.self)
    image.pointee.width = Int32(width)
    image.pointee.bytes_per_line = Int32(bytesPerRow)
    image.pointee.height = Int32(rows)
  }

  /// Has the server read every page of the shared segment once, and does not wait: the
  /// server's first read of a segment maps its pages in (2–4 ms for a 4 MB strip), which the
  /// first frame's first pass then does not wait for. A column one pixel wide is put for
  /// each page's width of a row (`pageSize / 4` pixels apart, so that every page holds a
  /// pixel read) into a pixmap of one column, freed at once: a few kilobytes copied, not the
  /// strip. Asked for as that pass is drawn (`X11Window.drawAndSend`), when the start-up's
  /// other threads are done and the server has a core to itself: asked for with the window's
  /// first requests, it took the server's time from the window's start-up instead
  /// (docs/PERFORMANCE.md).
  func haveServerMapIn(drawable: Drawable, depth: Int32, graphicsContext: GC) {
    guard segment != nil, !serverMappedIn else { return }
    serverMappedIn = true
    let pixmap = XCreatePixmap(display, drawable, 1, UInt32(height), UInt32(depth))
    describe(memory, width: width, bytesPerRow: bytesPerRow, rows: height)
    for column in Self.mapInColumns(width: width, pageSize: Int(sysconf(Int32(_SC_PAGESIZE)))) {
      XShmPutImage(display, pixmap, graphicsContext, image, Int32(column), 0, 0, 0, 1, UInt32(height), 0)
    }
    XFreePixmap(display, pixmap)
    XFlush(display)
  }

  /// The columns `haveServerMapIn` has read for rows of `width` pixels: a page's width apart
  /// from the first, and the last, so that no more than a page's bytes lie between two pixels
  /// read, in a row or from one row's last to the next one's first, and every page of the
  /// segment holds one.
  static func mapInColumns(width: Int, pageSize: Int) -> [Int] {
    let last = max(1, width) - 1
    let columns = Array(stride(from: 0, to: last, by: max(1, pageSize / 4)))
    return columns + [last]
  }

  /// Whether the server was made to read every page of the segment once (`haveServerMapIn`).
  private(set) var serverMappedIn = false

  private func put(
    x: Int, y: Int, width: Int, height: Int, toX: Int, toY: Int, drawable: Drawable, graphicsContext: GC,
    reportsRead: Bool
  ) {
    if segment != nil {
      XShmPutImage(
        display, drawable, graphicsContext, image, Int32(x), Int32(y), Int32(toX), Int32(toY), UInt32(width),
        UInt32(height), reportsRead ? 1 : 0)
    } else {
      XPutImage(
        display, drawable, graphicsContext, image, Int32(x), Int32(y), Int32(toX), Int32(toY), UInt32(width),
        UInt32(height))
    }
  }

  // MARK: MIT-SHM

  /// Set by `noteSharedMemoryError` while a segment is being attached.
  nonisolated(unsafe) private static var attachFailed = false

  private static func makeShared(
    _ display: OpaquePointer, _ visual: UnsafeMutablePointer<Visual>, _ depth: Int32, _ width: Int, _ height: Int
  ) -> (UnsafeMutablePointer<XImage>, UnsafeMutablePointer<XShmSegmentInfo>)? {
    guard XShmQueryExtension(display) != 0 else { return nil }
    let segment = UnsafeMutablePointer<XShmSegmentInfo>.allocate(capacity: 1)
    segment.initialize(to: XShmSegmentInfo())
    guard
      let image = XShmCreateImage(
        display, visual, UInt32(depth), ZPixmap, nil, segment, UInt32(width), UInt32(height))
    else {
      segment.deallocate()
      return nil
    }
    let size = Int(image.pointee.bytes_per_line) * height
    let id = touchlab_shm_create(size)
    guard id >= 0, let address = touchlab_shm_attach(id) else {
      if id >= 0 { shmctl(id, IPC_RMID, nil) }
      touchlab_destroy_image(image)
      segment.deallocate()
      return nil
    }
    segment.pointee.shmid = id
    segment.pointee.shmaddr = address.assumingMemoryBound(to: CChar.self)
    segment.pointee.readOnly = 1
    image.pointee.data = segment.pointee.shmaddr
    // A server on another machine (or one refusing the segment) answers BadAccess: trap it
    // for the attach only, and fall back to XPutImage.
    XSync(display, 0)
    attachFailed = false
    let previous = XSetErrorHandler { _, _ in
      FrameBuffer.attachFailed = true
      return 0
    }
    let attached = XShmAttach(display, segment) != 0
    XSync(display, 0)
    XSetErrorHandler(previous)
    // Marked for removal now: it goes when both sides have detached, even after a crash.
    shmctl(id, IPC_RMID, nil)
    guard attached, !attachFailed else {
      shmdt(address)
      image.pointee.data = nil
      touchlab_destroy_image(image)
      segment.deallocate()
      return nil
    }
    return (image, segment)
  }
}
