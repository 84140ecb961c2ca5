import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';
import classes from './check-field.module.css';

export interface CheckFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
  error?: string;
}

/**
 * A checkbox with its label and error: the browser's own control in the theme's colour, for forms
 * on pages that must load light (Mantine's Checkbox with its group and card adds ~3.5 KB gzipped).
 * Works with react-hook-form's `register()` (forwards the ref).
 */
export const CheckField = forwardRef<HTMLInputElement, CheckFieldProps>(function CheckField(
  { label, error, id, className, ...input },
  ref,
) {
  const own = useId();
  const inputId = id ?? own;
  const errorId = `${inputId}-error`;
  return (
    <div className={className}>
      <div className={classes.row}>
        <input
          ref={ref}
          id={inputId}
          type="checkbox"
          className={classes.input}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...input}
        />
        <label htmlFor={inputId} className={classes.label}>
          {label}
        </label>
      </div>
      {error && (
        <div id={errorId} className={classes.error}>
          {error}
        </div>
      )}
    </div>
  );
});
