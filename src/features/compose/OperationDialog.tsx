import { useStudioTask } from '../../api/studio-tasks';
import { Dialog } from '../../components/ui/Dialog';
import { type ImageOperation, useStudioUi } from '../../lib/studio-ui';
import { AnimateForm } from './forms/AnimateForm';
import { PanForm } from './forms/PanForm';
import { RemixForm } from './forms/RemixForm';
import RetextureForm from './forms/RetextureForm';
import type { OperationSource } from './forms/types';
import { VariationForm } from './forms/VariationForm';

const TITLES: Record<ImageOperation, string> = {
  'vary-subtle': 'Vary (Subtle)',
  'vary-strong': 'Vary (Strong)',
  remix: 'Remix',
  pan: 'Pan',
  animate: 'Animate',
  retexture: 'Retexture',
};

/** The form of the operation picked on an image. Loaded lazily: it carries the schemas. */
export default function OperationDialog() {
  const request = useStudioUi((s) => s.operation);
  const close = useStudioUi((s) => s.closeOperation);
  const job = useStudioTask(request?.source.jobId);
  if (!request) return null;
  const url = job.data?.task.output.image_urls?.[request.source.imageNo];
  const source: OperationSource | null = url
    ? { ...request.source, url, prompt: job.data?.prompt ?? '' }
    : null;
  return (
    <Dialog title={TITLES[request.operation]} onClose={close} className="w-[min(34rem,calc(100vw-2rem))]">
      <div className="p-4">
        {!source ? (
          <p className="text-sm text-zinc-400">
            {job.isError ? 'The source image could not be loaded.' : 'Loading the image…'}
          </p>
        ) : (
          <OperationForm operation={request.operation} source={source} onDone={close} />
        )}
      </div>
    </Dialog>
  );
}

function OperationForm({
  operation,
  source,
  onDone,
}: {
  operation: ImageOperation;
  source: OperationSource;
  onDone: () => void;
}) {
  switch (operation) {
    case 'vary-subtle':
      return <VariationForm source={source} strength={0} onDone={onDone} />;
    case 'vary-strong':
      return <VariationForm source={source} strength={1} onDone={onDone} />;
    case 'remix':
      return <RemixForm source={source} onDone={onDone} />;
    case 'pan':
      return <PanForm source={source} onDone={onDone} />;
    case 'animate':
      return <AnimateForm source={source} onDone={onDone} />;
    case 'retexture':
      return <RetextureForm source={source} onDone={onDone} />;
  }
}
