import './ProgressBar.css';

export interface ProgressBarProps {
  /** 0..1, or null while the total is unknown (an indeterminate bar). */
  value: number | null;
  label: string;
  /** Visible text such as "150 of 5,000". */
  valueText?: string;
}

export function ProgressBar({ value, label, valueText }: ProgressBarProps) {
  const percent = value === null ? null : Math.round(Math.min(1, Math.max(0, value)) * 100);
  return (
    <div
      className={`progress${percent === null ? ' progress-indeterminate' : ''}`}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent ?? undefined}
      aria-valuetext={valueText}
    >
      <div className="progress-fill" style={percent === null ? undefined : { width: `${percent}%` }} />
    </div>
  );
}
