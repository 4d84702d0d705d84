import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { AnimateForm } from './AnimateForm';
import { PanForm } from './PanForm';
import { RemixForm } from './RemixForm';
import RetextureForm from './RetextureForm';
import type { OperationSource } from './types';
import { VariationForm } from './VariationForm';

// Inline validation and derived figures of each operation form. Nothing here reaches the network: a
// form that is not valid must not send (the journeys in e2e/ cover sending for real).

const source: OperationSource = {
  jobId: '5d1c7d2e-4b0a-4c6b-9a57-3f1e0c9b8a71',
  imageNo: 1,
  url: '/files/a.png',
  prompt: 'a red fox in the snow --ar 1:1',
};

function wrap(node: ReactNode) {
  const client = new QueryClient();
  return render(<QueryClientProvider client={client}>{node}</QueryClientProvider>);
}

const noop = () => undefined;

describe('Remix', () => {
  it('starts from the source prompt and needs one', async () => {
    const user = userEvent.setup();
    wrap(<RemixForm source={source} onDone={noop} />);
    const prompt = screen.getByRole('textbox', { name: 'Remix prompt' });
    expect(prompt).toHaveProperty('value', source.prompt);
    await user.clear(prompt);
    await user.click(screen.getByRole('button', { name: 'Remix' }));
    expect(screen.getByText('must not be empty')).toBeTruthy();
    expect(prompt.getAttribute('aria-invalid')).toBe('true');
  });

  it('checks flags typed into the prompt with the shared schema', async () => {
    const user = userEvent.setup();
    wrap(<RemixForm source={source} onDone={noop} />);
    const prompt = screen.getByRole('textbox', { name: 'Remix prompt' });
    await user.clear(prompt);
    await user.type(prompt, 'a fox --stylize 2000');
    await user.click(screen.getByRole('button', { name: 'Remix' }));
    expect(screen.getByText('--stylize must be 0 to 1000')).toBeTruthy();
  });

  it('offers strong and subtle, strong first (mode 0 is the default)', () => {
    wrap(<RemixForm source={source} onDone={noop} />);
    expect(screen.getByRole('radio', { name: 'Strong' })).toHaveProperty('checked', true);
    expect(screen.getByRole('radio', { name: 'Subtle' })).toHaveProperty('checked', false);
  });
});

describe('Vary', () => {
  it('costs 120 points and takes an optional prompt', () => {
    wrap(<VariationForm source={source} strength={1} onDone={noop} />);
    expect(screen.getByTestId('operation-cost').textContent).toBe('120 points');
    expect(screen.getByRole('textbox', { name: /Variation prompt \(optional\)/ })).toBeTruthy();
    expect(screen.getByText(/Bolder changes/)).toBeTruthy();
  });
});

describe('Pan', () => {
  it('has four arrows and shows the size of the result for the arrow under the pointer', () => {
    wrap(<PanForm source={source} onDone={noop} />);
    for (const d of ['up', 'right', 'down', 'left'])
      expect(screen.getByRole('button', { name: `Pan ${d}` })).toBeTruthy();
    // Before the image has loaded its size is taken as 1024 × 1024.
    fireEvent.mouseEnter(screen.getByRole('button', { name: 'Pan right' }));
    expect(screen.getByTestId('pan-result-size').textContent).toBe('1536 × 1024 px');
    fireEvent.change(screen.getByRole('slider', { name: 'Scale' }), { target: { value: '3' } });
    fireEvent.mouseEnter(screen.getByRole('button', { name: 'Pan up' }));
    expect(screen.getByTestId('pan-result-size').textContent).toBe('1024 × 3072 px');
  });

  it('the scale slider is held to 1.1–3.0', () => {
    wrap(<PanForm source={source} onDone={noop} />);
    const slider = screen.getByRole('slider', { name: 'Scale' });
    expect(slider.getAttribute('min')).toBe('1.1');
    expect(slider.getAttribute('max')).toBe('3');
  });

  it('uses the loaded image size for the ghost', () => {
    wrap(<PanForm source={source} onDone={noop} />);
    const image = screen.getByRole('img', { name: 'Image 2' });
    Object.defineProperty(image, 'naturalWidth', { value: 1456 });
    Object.defineProperty(image, 'naturalHeight', { value: 816 });
    fireEvent.load(image);
    fireEvent.focus(screen.getByRole('button', { name: 'Pan left' }));
    expect(screen.getByTestId('pan-result-size').textContent).toBe('2184 × 816 px');
  });
});

describe('Animate', () => {
  it('shows the cost for the chosen resolution and batch', async () => {
    const user = userEvent.setup();
    wrap(<AnimateForm source={source} onDone={noop} />);
    const cost = () => screen.getAllByTestId('operation-cost')[0]!.textContent;
    expect(cost()).toBe('480 points');
    await user.click(screen.getByRole('radio', { name: '720p' }));
    expect(cost()).toBe('1536 points');
    await user.click(screen.getByRole('radio', { name: '2' }));
    expect(cost()).toBe('768 points');
  });

  it('an end frame turns the loop off (a loop ends on the first frame)', async () => {
    const user = userEvent.setup();
    wrap(<AnimateForm source={source} onDone={noop} />);
    const loop = screen.getByRole('checkbox', { name: /Loop/ });
    await user.click(loop);
    expect(loop).toHaveProperty('checked', true);
    await user.click(screen.getByRole('radio', { name: 'URL' }));
    await user.type(screen.getByRole('textbox', { name: 'End frame URL' }), 'https://example.com/end.png');
    expect(loop).toHaveProperty('checked', false);
    expect(loop).toHaveProperty('disabled', true);
  });

  it('rejects an end frame that is not an http(s) URL', async () => {
    const user = userEvent.setup();
    wrap(<AnimateForm source={source} onDone={noop} />);
    await user.click(screen.getByRole('radio', { name: 'URL' }));
    await user.type(screen.getByRole('textbox', { name: 'End frame URL' }), 'ftp://nope');
    await user.click(screen.getByRole('button', { name: 'Animate' }));
    expect(screen.getByText('--end must be an http(s) image URL')).toBeTruthy();
  });
});

describe('Retexture', () => {
  it('asks for a source image and a prompt before sending', async () => {
    const user = userEvent.setup();
    wrap(<RetextureForm />);
    await user.click(screen.getByRole('button', { name: 'Retexture' }));
    expect(screen.getByText('Choose the image to retexture.')).toBeTruthy();
    expect(screen.getByText('must not be empty')).toBeTruthy();
  });

  it('takes a URL and checks it', async () => {
    const user = userEvent.setup();
    wrap(<RetextureForm />);
    await user.click(screen.getByRole('radio', { name: 'URL' }));
    await user.type(screen.getByRole('textbox', { name: 'Source image URL' }), 'not a url');
    await user.type(screen.getByRole('textbox', { name: 'Texture prompt' }), 'brushed copper');
    await user.click(screen.getByRole('button', { name: 'Retexture' }));
    expect(screen.getByText('must be an http(s) URL')).toBeTruthy();
  });
});
