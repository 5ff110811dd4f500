/** The `console` handed to user code: lines kept in order, bounded like the kernel's own logs. */

export const MAX_LINES = 200;
export const MAX_LINE_CHARS = 2_000;

export interface CapturedConsole {
  lines: string[];
  dropped: number;
  console: Record<'log' | 'info' | 'warn' | 'error' | 'debug', (...args: unknown[]) => void>;
}

function format(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  if (typeof value === 'function') return `[Function ${value.name || 'anonymous'}]`;
  if (typeof value === 'bigint') return `${value}n`;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

export function captureConsole(): CapturedConsole {
  const captured: CapturedConsole = { lines: [], dropped: 0, console: {} as CapturedConsole['console'] };
  for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    captured.console[level] = (...args: unknown[]) => {
      if (captured.lines.length >= MAX_LINES) {
        captured.dropped += 1;
        return;
      }
      const prefix = level === 'log' || level === 'info' ? '' : `[${level}] `;
      captured.lines.push((prefix + args.map(format).join(' ')).slice(0, MAX_LINE_CHARS));
    };
  }
  return captured;
}
