/// TouchLab's application icon: a touch point with its ripple and trail on a dark rounded
/// square, drawn on any canvas's calls. `Assets/icon.png` is this at 64 pixels; the window
/// falls back to drawing it when the file is missing.
public enum AppIcon {
  /// The icon on a canvas of `pixelSize` × `pixelSize` pixels.
  public static func canvas(pixelSize: Int = 64) throws -> CairoCanvas {
    // Drawn on a 64-point grid and scaled, so every size has the same shape.
    let canvas = try CairoCanvas(
      pixelWidth: pixelSize, pixelHeight: pixelSize, scale: Double(pixelSize) / 64)
    canvas.clear(to: .clear)
    canvas.fillRoundedRect(
      CanvasRect(x: 2, y: 2, width: 60, height: 60), cornerRadius: 14,
      color: CanvasColor(hex: "#1C1C1E")!)
    canvas.strokePolyline(
      [
        CanvasPoint(x: 12, y: 52), CanvasPoint(x: 20, y: 46), CanvasPoint(x: 28, y: 44),
        CanvasPoint(x: 36, y: 36),
      ],
      color: CanvasColor(hex: "#FF375FCC")!, style: .rounded(4))
    let touch = CanvasPoint(x: 38, y: 28)
    canvas.strokeCircle(
      center: touch, radius: 17, color: CanvasColor(hex: "#0A84FF66")!, style: .solid(3))
    canvas.fillCircle(center: touch, radius: 11, color: CanvasColor(hex: "#0A84FF")!)
    canvas.fillCircle(center: touch, radius: 4, color: .white)
    return canvas
  }
}
