import { useEffect, useState } from 'react';
import { TextInput, type TextInputProps } from '@mantine/core';
import { dateTimeInputText, maskDateTimeInput, parseDateTimeInput } from '@eve-toolkit/shared-types';

/** A date and time as the API takes them: `YYYY-MM-DD`, `HH:MM`. */
export interface DateTimeValue {
  date: string;
  time: string;
}

export const DATE_TIME_PLACEHOLDER = 'ДД.ММ.ГГГГ ЧЧ:ММ';
export const DATE_TIME_INVALID = `Введите дату и время в виде ${DATE_TIME_PLACEHOLDER}, например 30.11.2026 19:00`;

type Props = Omit<TextInputProps, 'value' | 'onChange' | 'type'> & {
  value: DateTimeValue;
  /** The typed moment, or `{ date: '', time: '' }` while the text is no real date and time. */
  onChange: (value: DateTimeValue) => void;
};

/**
 * The one date-and-time input: a text field «ДД.ММ.ГГГГ ЧЧ:ММ» (24-hour) that puts the dots, the
 * space and the colon in as digits are typed. Not the browser's own date/time widgets, whose
 * format follows the browser's language (an English browser showed «11/30/2026 07:00 PM»).
 * A text that is no real date and time (31.02, 24:00) says so once the field is left.
 */
export function DateTimeField({ value, onChange, error, onBlur, ...props }: Props) {
  const [text, setText] = useState(() => dateTimeInputText(value));
  const [left, setLeft] = useState(false);
  // A value set from outside (the form reset) shows; what is being typed is kept.
  useEffect(() => {
    const typed = parseDateTimeInput(text);
    if (value.date && (typed?.date !== value.date || typed?.time !== value.time)) setText(dateTimeInputText(value));
    if (!value.date && !value.time && typed) setText('');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value.date, value.time]);
  const invalid = text !== '' && parseDateTimeInput(text) === null;
  // The schema's own message («Укажите дату…») names the API's format; the field names its own.
  const shown = (invalid && left) || (error && (invalid || text === '')) ? DATE_TIME_INVALID : error;
  return (
    <TextInput
      {...props}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      placeholder={DATE_TIME_PLACEHOLDER}
      maxLength={DATE_TIME_PLACEHOLDER.length}
      value={text}
      onChange={(e) => {
        const next = maskDateTimeInput(e.currentTarget.value);
        setText(next);
        onChange(parseDateTimeInput(next) ?? { date: '', time: '' });
      }}
      onBlur={(e) => {
        setLeft(true);
        onBlur?.(e);
      }}
      error={shown}
    />
  );
}
