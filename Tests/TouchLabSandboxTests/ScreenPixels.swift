import CX11
import TouchLabCanvas
import TouchLabX11

/// Whether every pixel the X server shows in `window` is the pixel of `canvas`, read straight
/// from the server's image and the canvas's memory, two pixels a step.
///
/// The same question as `PNGComparison(actual: window.captureImage(), expected:
/// canvas.makeImage()).matches` without the two images of straight RGBA pixels a debug build
/// makes slowly (over half a second a frame of 1,200 × 844 pixels): a pixel on screen (24 bits
/// deep) is the canvas's when the canvas's is opaque and of the same red, green and blue,
/// which is what the comparison's unpremultiplied opaque pixel is. Nil when the window's
/// image is not 32 bits a pixel in this machine's byte order or not the canvas's size (the
/// caller compares the slow way then); false never hides a difference the slow way sees,
/// and the caller makes the slow comparison for its message whenever this says false.
func screenShows(_ canvas: CairoCanvas, in window: X11Window) -> Bool? {
  guard canvas.pixelWidth == window.width, canvas.pixelHeight == window.height else { return nil }
  XSync(window.display, 0)
  // UInt.max is AllPlanes, a cast macro Swift cannot import.
  guard
    let image = XGetImage(
      window.display, window.window, 0, 0, UInt32(window.width), UInt32(window.height), UInt.max, ZPixmap)
  else { return nil }
  defer { touchlab_destroy_image(image) }
  let shown = image.pointee
  let littleEndian = 1.littleEndian == 1
  guard shown.bits_per_pixel == 32, (shown.byte_order == LSBFirst) == littleEndian, shown.depth == 24,
    shown.red_mask == 0xFF_0000, shown.green_mask == 0xFF00, shown.blue_mask == 0xFF,
    let data = shown.data
  else { return nil }
  let screen = UnsafeRawPointer(data)
  let screenRowBytes = Int(shown.bytes_per_line)
  let width = canvas.pixelWidth
  return canvas.withUnsafePixelBytes { drawn in
    let canvasRowBytes = canvas.bytesPerRow
    let opaque: UInt64 = 0xFF00_0000_FF00_0000
    for y in 0..<canvas.pixelHeight {
      let screenRow = screen + y * screenRowBytes
      let canvasRow = drawn.baseAddress! + y * canvasRowBytes
      var x = 0
      while x + 2 <= width {
        // The server's top byte of a 24-bit pixel is not the picture's; the canvas's is alpha.
        if canvasRow.loadUnaligned(fromByteOffset: x * 4, as: UInt64.self)
          != screenRow.loadUnaligned(fromByteOffset: x * 4, as: UInt64.self) | opaque
        {
          return false
        }
        x += 2
      }
      if x < width,
        canvasRow.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self)
          != screenRow.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self) | 0xFF00_0000
      {
        return false
      }
    }
    return true
  }
}
