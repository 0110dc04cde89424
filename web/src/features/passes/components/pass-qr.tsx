import { useEffect, useState } from 'react';
import QRCode from 'qrcode';

/**
 * The QR code of a pass: its page's absolute address (a phone's camera opens it; the door mode
 * reads the token out of it). Drawn as SVG, high error correction for scuffed screens.
 */
export function PassQr({ token, label }: { token: string; label: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  const url = `${window.location.origin}/pass/${token}`;
  useEffect(() => {
    let live = true;
    QRCode.toString(url, {
      type: 'svg',
      errorCorrectionLevel: 'M',
      margin: 2,
      color: { dark: '#000000', light: '#ffffff' },
    })
      .then((s) => live && setSvg(s))
      .catch((error: unknown) => console.error('QR code could not be drawn', error));
    return () => {
      live = false;
    };
  }, [url]);
  return (
    <div className="mx-auto w-full max-w-64 rounded-2xl bg-white p-3">
      {svg ? (
        <img
          data-testid="pass-qr"
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
          alt={label}
          className="aspect-square w-full"
        />
      ) : (
        <div role="status" className="flex aspect-square w-full items-center justify-center text-sm text-neutral-700">
          Drawing the QR code...
        </div>
      )}
    </div>
  );
}
