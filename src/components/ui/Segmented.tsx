import { useId } from 'react';

interface Option<T extends string | number> {
  value: T;
  label: string;
}

interface SegmentedProps<T extends string | number> {
  /** The group's accessible name. */
  label: string;
  value: T;
  options: readonly Option<T>[];
  onChange: (value: T) => void;
}

/** A radio group drawn as a segmented control: arrow keys move between options, as radios do. */
export function Segmented<T extends string | number>({ label, value, options, onChange }: SegmentedProps<T>) {
  // A name of its own: two groups with the same label (the video pane and the Animate form) must not
  // share one radio group, or checking one would silently uncheck the other.
  const name = useId();
  return (
    <fieldset className="min-w-0">
      <legend className="mb-1 text-xs font-medium text-zinc-400">{label}</legend>
      <div className="inline-flex rounded-md bg-zinc-800/80 p-0.5">
        {options.map((option) => (
          <label
            key={option.value}
            className="relative cursor-pointer rounded px-2.5 py-1 text-sm text-zinc-300 has-checked:bg-zinc-600 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-violet-400"
          >
            <input
              type="radio"
              // Covers its label (transparent): clickable by pointer, keys and tests alike.
              className="absolute inset-0 cursor-pointer appearance-none rounded"
              name={name}
              checked={option.value === value}
              onChange={() => onChange(option.value)}
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
