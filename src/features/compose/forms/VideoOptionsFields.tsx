import { Segmented } from '../../../components/ui/Segmented';
import { SourcePicker } from './SourcePicker';
import type { VideoOptions } from './video-prompt';

interface Props {
  options: VideoOptions;
  onChange: (options: VideoOptions) => void;
}

/** Resolution, motion, raw, loop, end frame and batch size, shared by Animate and video from a URL. */
export function VideoOptionsFields({ options, onChange }: Props) {
  const set = <K extends keyof VideoOptions>(key: K, value: VideoOptions[K]) =>
    onChange({ ...options, [key]: value });
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap gap-4">
        <Segmented
          label="Resolution"
          value={options.resolution}
          options={[
            { value: 0, label: '480p' },
            { value: 1, label: '720p' },
          ]}
          onChange={(v) => set('resolution', v)}
        />
        <Segmented
          label="Motion"
          value={options.motion}
          options={[
            { value: 'low', label: 'Low' },
            { value: 'high', label: 'High' },
          ]}
          onChange={(v) => set('motion', v)}
        />
        <Segmented
          label="Videos"
          value={options.batch}
          options={[
            { value: 1, label: '1' },
            { value: 2, label: '2' },
            { value: 4, label: '4' },
          ]}
          onChange={(v) => set('batch', v)}
        />
      </div>
      <div className="flex flex-wrap gap-4 text-sm">
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={options.raw} onChange={(e) => set('raw', e.target.checked)} />
          Raw <span className="text-xs text-zinc-500">less automatic polish</span>
        </label>
        <label
          className="flex items-center gap-2"
          title={
            options.endUrl ? 'A loop ends on the first frame, so it cannot also have an end frame' : undefined
          }
        >
          <input
            type="checkbox"
            checked={options.loop && !options.endUrl}
            disabled={Boolean(options.endUrl)}
            onChange={(e) => set('loop', e.target.checked)}
          />
          Loop <span className="text-xs text-zinc-500">ends on the first frame</span>
        </label>
      </div>
      <SourcePicker
        label="End frame"
        optional
        value={options.endUrl}
        onChange={(url) => onChange({ ...options, endUrl: url, loop: url ? false : options.loop })}
      />
    </div>
  );
}

/** "4 videos at 480p": what the cost beside the submit button buys. */
export function videoCostDetail(options: VideoOptions): string {
  return `${options.batch} ${options.batch === 1 ? 'video' : 'videos'} at ${options.resolution === 1 ? '720p' : '480p'}`;
}
