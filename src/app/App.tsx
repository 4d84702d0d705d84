import { useState } from 'react';

export function App() {
  const [prompt, setPrompt] = useState('');
  return (
    <main className="mx-auto max-w-3xl p-6">
      <h1 className="mb-4 text-lg font-semibold">Studio</h1>
      <form className="flex gap-2" onSubmit={(e) => e.preventDefault()}>
        <label className="sr-only" htmlFor="prompt">
          Prompt
        </label>
        <textarea
          id="prompt"
          className="min-h-12 flex-1 rounded-md border border-zinc-700 bg-zinc-900 p-2"
          value={prompt}
          onChange={(e) => setPrompt(e.target.value)}
        />
        <button type="submit" className="rounded-md bg-violet-600 px-4 py-2 font-medium">
          Generate
        </button>
      </form>
    </main>
  );
}
