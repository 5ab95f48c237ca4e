/**
 * A QR code drawn as one SVG path from uqr's module matrix ("VietQR showing the QR code to scan").
 * WHY uqr: no dependencies, ~5 KB gzipped, a pure encoder (no canvas, no DOM strings), so the picture is
 * React SVG without innerHTML; it loads only with the tendering panel. Black on white with a 4-module quiet
 * zone whatever the theme: banking apps read the code, not the user's colour mode.
 */
import { encode } from 'uqr';
import { useMemo } from 'react';

/** The dark modules of `data` as one SVG path in module units, and the side length with the border. */
export function qrPath(data: string, border = 4): { path: string; size: number } {
  const qr = encode(data, { ecc: 'M', border });
  const parts: string[] = [];
  qr.data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) parts.push(`M${x} ${y}h1v1h-1z`);
    }),
  );
  return { path: parts.join(''), size: qr.size };
}

export function QrCode({ data, label, sizePx = 224 }: { data: string; label: string; sizePx?: number }) {
  const { path, size } = useMemo(() => qrPath(data), [data]);
  return (
    <svg
      role="img"
      aria-label={label}
      width={sizePx}
      height={sizePx}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      data-testid="qr-code"
    >
      <rect width={size} height={size} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
