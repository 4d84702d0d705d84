import { FLAG_SPECS, type KnownFlagName } from '../../contract/flags';
import { type FlagChip, addableFlags, defaultFlagValue, flagChips, withFlag } from './flag-chips';

interface FlagBuilderProps {
  prompt: string;
  onChange: (prompt: string) => void;
  /** The flags this operation takes (IMAGE_FLAGS or VIDEO_FLAGS). */
  names: readonly KnownFlagName[];
  /** Prefix for element ids, so two builders can share a page. */
  idPrefix: string;
}

/** Editable chips for the flags in a prompt, plus a menu to add the missing ones. */
export function FlagBuilder({ prompt, onChange, names, idPrefix }: FlagBuilderProps) {
  const chips = flagChips(prompt);
  const addable = addableFlags(prompt, names);
  return (
    <div className="flex flex-wrap items-center gap-1.5" role="group" aria-label="Flags">
      {chips.map((chip) => (
        <Chip
          key={chip.name}
          chip={chip}
          id={`${idPrefix}-flag-${chip.name}`}
          onValue={(value) => onChange(withFlag(prompt, chip.name, value))}
          onRemove={() => onChange(withFlag(prompt, chip.name, undefined))}
        />
      ))}
      {addable.length > 0 && (
        <select
          aria-label="Add flag"
          value=""
          onChange={(e) => {
            const name = e.target.value as KnownFlagName;
            if (name) onChange(withFlag(prompt, name, defaultFlagValue(name)));
          }}
          className="h-7 rounded-full border border-dashed border-zinc-700 bg-transparent px-2.5 text-xs text-zinc-400 hover:border-zinc-500 hover:text-zinc-200"
        >
          <option value="">+ Add flag</option>
          {addable.map((name) => (
            <option key={name} value={name}>
              {FLAG_SPECS[name].label} (--{name})
            </option>
          ))}
        </select>
      )}
    </div>
  );
}

function Chip({
  chip,
  id,
  onValue,
  onRemove,
}: {
  chip: FlagChip;
  id: string;
  onValue: (value: string) => void;
  onRemove: () => void;
}) {
  const label = chip.spec?.label ?? `--${chip.name}`;
  const invalid = chip.issue !== null;
  const errorId = `${id}-error`;
  const field = 'bg-transparent text-xs text-zinc-100 outline-none placeholder:text-zinc-500';
  let editor = null;
  const spec = chip.spec;
  if (spec?.kind === 'choice') {
    const values: readonly string[] = spec.values.includes(chip.value)
      ? spec.values
      : [chip.value, ...spec.values];
    editor = (
      <select
        id={id}
        aria-label={label}
        aria-invalid={invalid}
        value={chip.value}
        onChange={(e) => onValue(e.target.value)}
        className={`${field} pr-1`}
      >
        {values.map((v) => (
          <option key={v} value={v} className="bg-zinc-900">
            {v || '(none)'}
          </option>
        ))}
      </select>
    );
  } else if (spec && spec.kind !== 'switch') {
    editor = (
      <input
        id={id}
        aria-label={label}
        aria-invalid={invalid}
        aria-describedby={invalid ? errorId : undefined}
        value={chip.value}
        inputMode={spec.kind === 'int' ? 'numeric' : undefined}
        placeholder={spec.kind === 'ratio' ? 'W:H' : spec.kind === 'words' ? 'words' : ''}
        size={Math.max(3, Math.min(24, chip.value.length + 1))}
        onChange={(e) => onValue(e.target.value)}
        className={field}
      />
    );
  } else if (!spec && chip.value) {
    editor = <span className="text-xs text-zinc-300">{chip.value}</span>;
  }
  return (
    <span
      className={`inline-flex h-7 items-center gap-1.5 rounded-full border pl-2.5 pr-1 text-xs ${
        invalid ? 'border-red-400/70 bg-red-500/10' : 'border-zinc-700 bg-zinc-800/70'
      }`}
      title={chip.issue ?? undefined}
    >
      <span className="text-zinc-400">{label}</span>
      {editor}
      {invalid && (
        <span id={errorId} className="sr-only">
          {chip.issue}
        </span>
      )}
      <button
        type="button"
        aria-label={`Remove ${label}`}
        onClick={onRemove}
        className="grid size-5 place-items-center rounded-full text-zinc-500 hover:bg-zinc-700 hover:text-zinc-100"
      >
        ×
      </button>
    </span>
  );
}
