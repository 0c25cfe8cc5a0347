import { useEffect, useId, useRef, useState } from "react";
import { NNBSP } from "~/platform/french";
import { Button } from "~/ui/button";
import { Input, Label } from "~/ui/input";

/**
 * A signature drawn with a finger, a stylus or a mouse (pointer events), posted as a PNG in the
 * hidden field `signature`. Whoever cannot draw (keyboard, screen reader) types their name instead
 * ('typedName'): the sheet shows it as typed. The drawing is kept at most twice the CSS pixels so
 * that a high-density phone's PNG stays far below the server's 200 KB.
 */
export function SignaturePad({
  label,
  typedLabel = `Je ne peux pas dessiner${NNBSP}: je saisis mon nom`,
  allowTyped = true,
  error,
}: {
  label: string;
  typedLabel?: string;
  allowTyped?: boolean;
  error?: string;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const drawing = useRef<{ x: number; y: number } | null>(null);
  const [drawn, setDrawn] = useState(false);
  const [typed, setTyped] = useState(false);
  const id = useId();

  // The canvas takes its box's width; its bitmap follows the pixel density (2 at most).
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || typed) return;
    const scale = Math.min(window.devicePixelRatio || 1, 2);
    const { width, height } = canvas.getBoundingClientRect();
    canvas.width = Math.round(width * scale);
    canvas.height = Math.round(height * scale);
    const ctx = canvas.getContext("2d");
    if (!ctx) return;
    ctx.scale(scale, scale);
    ctx.lineWidth = 2.5;
    ctx.lineCap = "round";
    ctx.lineJoin = "round";
    ctx.strokeStyle = "#111827";
  }, [typed]);

  const point = (event: React.PointerEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  };

  const stroke = (to: { x: number; y: number }) => {
    const ctx = canvasRef.current?.getContext("2d");
    const from = drawing.current;
    if (!ctx || !from) return;
    ctx.beginPath();
    ctx.moveTo(from.x, from.y);
    ctx.lineTo(to.x + (to.x === from.x && to.y === from.y ? 0.1 : 0), to.y);
    ctx.stroke();
    drawing.current = to;
  };

  const finish = () => {
    drawing.current = null;
    const canvas = canvasRef.current;
    if (canvas && inputRef.current) inputRef.current.value = canvas.toDataURL("image/png");
  };

  const clear = () => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext("2d");
    if (canvas && ctx) {
      ctx.save();
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.clearRect(0, 0, canvas.width, canvas.height);
      ctx.restore();
    }
    if (inputRef.current) inputRef.current.value = "";
    setDrawn(false);
  };

  const errorId = `${id}-error`;
  return (
    <div className="space-y-3">
      {typed ? (
        <div className="space-y-1">
          <Label htmlFor={`${id}-typed`}>Votre nom et votre prénom</Label>
          <Input
            id={`${id}-typed`}
            name="typedName"
            autoComplete="name"
            required
            maxLength={120}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
        </div>
      ) : (
        <div className="space-y-1">
          <p id={`${id}-label`} className="text-sm font-medium">
            {label}
          </p>
          <canvas
            ref={canvasRef}
            role="img"
            aria-labelledby={`${id}-label`}
            aria-describedby={error ? errorId : undefined}
            data-testid="signature-pad"
            className="block h-48 w-full touch-none rounded-md border-2 border-dashed border-input bg-white"
            onPointerDown={(event) => {
              event.currentTarget.setPointerCapture(event.pointerId);
              drawing.current = point(event);
              stroke(point(event));
              setDrawn(true);
            }}
            onPointerMove={(event) => {
              if (drawing.current) stroke(point(event));
            }}
            onPointerUp={finish}
            onPointerCancel={finish}
          />
          <input ref={inputRef} type="hidden" name="signature" defaultValue="" />
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" onClick={clear} disabled={!drawn}>
              Effacer
            </Button>
          </div>
        </div>
      )}
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      {allowTyped ? (
        <label className="flex min-h-6 items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="h-5 w-5 accent-primary"
            checked={typed}
            onChange={(event) => {
              setTyped(event.currentTarget.checked);
              setDrawn(false);
            }}
          />
          {typedLabel}
        </label>
      ) : null}
    </div>
  );
}
