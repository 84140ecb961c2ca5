import { forwardRef, useEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { TextInput, type TextInputProps } from '@mantine/core';
import { formatDecimal, parseNumber, round } from '@eve-toolkit/shared-types';
import classes from './number-field.module.css';

export interface NumberFieldProps extends Omit<
  TextInputProps,
  'value' | 'defaultValue' | 'onChange' | 'type' | 'inputMode' | 'min' | 'max' | 'step'
> {
  /** The value in effect; null only when `allowEmpty`. */
  value: number | null;
  /** Called with every value the field takes: within [min, max], rounded to `decimals`; null only when `allowEmpty`. */
  onChange: (value: number | null) => void;
  min?: number;
  max?: number;
  /** Places after the decimal comma; 0 (the default) takes whole numbers only. */
  decimals?: number;
  /** ArrowUp / ArrowDown change the value by this much (default 1). */
  step?: number;
  /** An emptied field gives null (e.g. an optional filter) instead of `emptyValue`. */
  allowEmpty?: boolean;
  /** What an emptied field stands for when `allowEmpty` is off: default `min` (or 0 when 0 is allowed). */
  emptyValue?: number;
}

/** The on-screen Russian form of a value: "1 234,5", "0,25", "10". */
const show = (n: number | null, decimals: number) => (n === null ? '' : formatDecimal(n, decimals));

function clampTo(n: number, min: number | undefined, max: number | undefined): number {
  if (max !== undefined && n > max) return max;
  if (min !== undefined && n < min) return min;
  return n;
}

/** Which rule changed the typed number, said in Russian: the notice under the field. */
function explain(typed: number, used: number, min: number | undefined, max: number | undefined, decimals: number): string {
  const t = formatDecimal(typed, 6);
  const u = formatDecimal(used, decimals);
  if (max !== undefined && typed > max) return `Не больше ${formatDecimal(max, decimals)}: вместо ${t} взято ${u}`;
  if (min !== undefined && typed < min) return `Не меньше ${formatDecimal(min, decimals)}: вместо ${t} взято ${u}`;
  return decimals === 0
    ? `Только целое число: вместо ${t} взято ${u}`
    : `Не больше ${decimals} ${decimals === 1 ? 'знака' : 'знаков'} после запятой: взято ${u}`;
}

/**
 * The one numeric input of the app (Russian: decimal comma, grouping spaces). The player may erase
 * it, type, paste ("1 234,5", "1,234.5", "0,25 %") and use either decimal mark; nothing typed is
 * silently dropped or changed. A number outside [min, max] or with too many decimals is replaced
 * by the nearest allowed one, and a notice under the field says so (at once above the maximum,
 * since more digits cannot bring it back; below the minimum and for rounding when the field is
 * left). Something that is not a number keeps the last value and says so. `onChange` only ever
 * receives allowed values, so a react-hook-form field (`<Controller>` or `setValue`) never holds
 * one that is out of range.
 */
export const NumberField = forwardRef<HTMLInputElement, NumberFieldProps>(function NumberField(
  {
    value,
    onChange,
    onBlur,
    onFocus,
    onKeyDown,
    min,
    max,
    decimals = 0,
    step = 1,
    allowEmpty = false,
    emptyValue,
    description,
    className,
    ...rest
  },
  ref,
) {
  const [text, setText] = useState(() => show(value, decimals));
  const [notice, setNotice] = useState<string | null>(null);
  /** The last value handed out or received: a different `value` prop comes from outside (a reset). */
  const current = useRef<number | null>(value);
  const fallback = emptyValue ?? clampTo(0, min, max);

  useEffect(() => {
    if (Object.is(value, current.current)) return;
    current.current = value;
    setText(show(value, decimals));
    setNotice(null);
  }, [value, decimals]);

  const emit = (n: number | null) => {
    if (Object.is(n, current.current)) return;
    current.current = n;
    onChange(n);
  };

  /** The allowed value for a typed number (range, then decimals). */
  const allowed = (n: number) => clampTo(round(clampTo(n, min, max), decimals), min, max);

  const take = (raw: string) => {
    setText(raw);
    if (raw.trim() === '') {
      setNotice(null);
      emit(allowEmpty ? null : fallback);
      return;
    }
    const n = parseNumber(raw);
    if (n === null) {
      // Part of a number ("-", ",") or not one at all: the value in effect stays; said on leaving.
      setNotice(/^[-−+]?[.,]?$/.test(raw.trim()) ? null : `Это не число: остаётся ${show(current.current, decimals) || 'пусто'}`);
      return;
    }
    const used = allowed(n);
    emit(used);
    if (used === n) {
      setNotice(null);
      return;
    }
    setNotice(explain(n, used, min, max, decimals));
    // Above the maximum no further digit brings it back: show what is taken at once.
    if (max !== undefined && n > max && n > 0) setText(show(used, decimals));
  };

  const settle = () => {
    const raw = text.trim();
    if (raw === '') {
      if (allowEmpty) return;
      setText(show(fallback, decimals));
      setNotice(`Поле не может быть пустым: взято ${show(fallback, decimals)}`);
      return;
    }
    const n = parseNumber(raw);
    if (n === null) {
      setText(show(current.current, decimals));
      if (!notice) setNotice(`Это не число: остаётся ${show(current.current, decimals) || 'пусто'}`);
      return;
    }
    setText(show(allowed(n), decimals));
  };

  const stepBy = (direction: 1 | -1) => {
    const base = parseNumber(text) ?? current.current ?? fallback;
    const next = allowed(round(base + direction * step, Math.max(decimals, 6)));
    setText(show(next, decimals));
    setNotice(null);
    emit(next);
  };

  return (
    <TextInput
      {...rest}
      ref={ref}
      className={className}
      type="text"
      inputMode={decimals > 0 || (min !== undefined && min < 0) ? 'decimal' : 'numeric'}
      autoComplete="off"
      value={text}
      description={notice ?? description}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      classNames={notice ? { description: classes.notice } : undefined}
      descriptionProps={notice ? { role: 'status', 'data-testid': 'number-field-notice' } : undefined}
      onChange={(e) => take(e.currentTarget.value)}
      onFocus={onFocus}
      onBlur={(e: FocusEvent<HTMLInputElement>) => {
        settle();
        onBlur?.(e);
      }}
      onKeyDown={(e: KeyboardEvent<HTMLInputElement>) => {
        onKeyDown?.(e);
        if (e.defaultPrevented || rest.readOnly || rest.disabled) return;
        if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
          e.preventDefault();
          stepBy(e.key === 'ArrowUp' ? 1 : -1);
        }
        // Enter submits the form with the value in effect; show it first.
        if (e.key === 'Enter') settle();
      }}
    />
  );
});
