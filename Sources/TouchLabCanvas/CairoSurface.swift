import CCairo

/// The surface Cairo made, or the error it failed with (the surface destroyed): every canvas's
/// surface is checked so before a context is made on it.
func checkedSurface(_ surface: OpaquePointer?) throws -> OpaquePointer {
  guard let surface else { throw CanvasError.cairoFailure("no surface") }
  let status = cairo_surface_status(surface)
  guard status == CAIRO_STATUS_SUCCESS else {
    cairo_surface_destroy(surface)
    throw CanvasError.cairoFailure(String(cString: cairo_status_to_string(status)))
  }
  return surface
}
