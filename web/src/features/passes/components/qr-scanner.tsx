import { useEffect, useRef } from 'react';

/** The browser's own barcode reader (Chromium on Android, macOS; not in every browser). */
interface NativeBarcodeDetector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
interface NativeBarcodeDetectorClass {
  new (options: { formats: string[] }): NativeBarcodeDetector;
  getSupportedFormats(): Promise<string[]>;
}

/** What a camera problem is called for the door staff. */
export function cameraProblem(error: unknown): string {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError')
    return 'Camera access was refused. Type the code instead.';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'No camera was found. Type the code instead.';
  return 'The camera could not be started. Type the code instead.';
}

async function nativeDetector(): Promise<NativeBarcodeDetector | null> {
  const Detector = (window as unknown as { BarcodeDetector?: NativeBarcodeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  try {
    return (await Detector.getSupportedFormats()).includes('qr_code') ? new Detector({ formats: ['qr_code'] }) : null;
  } catch {
    return null;
  }
}

/**
 * The door's camera scanner (loaded on demand): the back camera's picture, read for a QR code by
 * the browser's BarcodeDetector where it has one, else by ZXing. The first code read is handed
 * over and the camera stops.
 */
export default function QrScanner({
  onRead,
  onError,
}: {
  onRead: (text: string) => void;
  onError: (message: string) => void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const handlers = useRef({ onRead, onError });
  handlers.current = { onRead, onError };

  useEffect(() => {
    let stopped = false;
    let stop = () => undefined as void;
    const read = (text: string) => {
      if (stopped) return;
      stopped = true;
      stop();
      handlers.current.onRead(text);
    };
    void (async () => {
      const el = video.current;
      if (!el) return;
      const detector = await nativeDetector();
      if (detector) {
        const stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: 'environment' },
          audio: false,
        });
        if (stopped) return stream.getTracks().forEach((t) => t.stop());
        el.srcObject = stream;
        await el.play();
        let timer: ReturnType<typeof setTimeout> | undefined;
        stop = () => {
          clearTimeout(timer);
          stream.getTracks().forEach((t) => t.stop());
        };
        const tick = async () => {
          if (stopped) return;
          const found = await detector.detect(el).catch(() => []);
          if (found[0]?.rawValue) return read(found[0].rawValue);
          timer = setTimeout(() => void tick(), 150);
        };
        void tick();
      } else {
        const { BrowserQRCodeReader } = await import('@zxing/browser');
        const controls = await new BrowserQRCodeReader().decodeFromConstraints(
          { video: { facingMode: 'environment' }, audio: false },
          el,
          (result) => {
            if (result) read(result.getText());
          },
        );
        if (stopped) return controls.stop();
        stop = () => controls.stop();
      }
    })().catch((error: unknown) => {
      if (!stopped) handlers.current.onError(cameraProblem(error));
    });
    return () => {
      stopped = true;
      stop();
    };
  }, []);

  return (
    <video
      ref={video}
      data-testid="door-camera"
      muted
      playsInline
      aria-label="Camera picture: hold the pass's QR code in front of it"
      className="aspect-square w-full max-w-sm rounded-2xl bg-black object-cover"
    />
  );
}
