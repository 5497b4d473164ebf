import { useState, type FormEvent } from 'react';
import { countSandboxes, describeError, makeSandbox, place } from './api.js';
import { useLoad } from './use-load.js';

/** Where this tab remembers the sandboxes it made or opened (the server lists no id: an id is the capability to a sandbox). */
const KNOWN_KEY = 'parley-console:sandboxes';
const MAX_KNOWN = 20;

function knownSandboxes(): string[] {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(KNOWN_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

function remember(id: string): string[] {
  const known = [id, ...knownSandboxes().filter((other) => other !== id)].slice(0, MAX_KNOWN);
  sessionStorage.setItem(KNOWN_KEY, JSON.stringify(known));
  return known;
}

/** The console of a sandbox, or of the server's own state (`id` ''). */
function open(id: string): void {
  window.location.assign(id === '' ? '/dev' : `/sandboxes/${encodeURIComponent(id)}/dev`);
}

/** A sandbox id from what was typed: the id itself, or any URL or path of the sandbox (its devUrl, its /graphql). */
export function sandboxIdOf(text: string): string | null {
  const trimmed = text.trim();
  const inPath = /\/sandboxes\/([^/?#\s]+)/.exec(trimmed)?.[1];
  const id = inPath ?? trimmed;
  return /^[A-Za-z0-9_-]{1,100}$/.test(id) ? id : null;
}

/**
 * Which state the console shows: the server's own or one of its sandboxes. The server counts its
 * sandboxes (`GET /sandboxes`) but names none, since an id is the capability to reach a sandbox;
 * so the menu offers the sandboxes this tab made ("New sandbox", `POST /sandboxes`) or opened
 * (the one shown, or an id or devUrl typed in, as a test prints it). Hidden where the server has
 * no sandboxes.
 */
export function SandboxPicker() {
  const counted = useLoad(() => countSandboxes(), []);
  const [known] = useState(() => (place.sandbox ? remember(place.sandbox) : knownSandboxes()));
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (counted.data === null) return null;

  async function create(): Promise<void> {
    try {
      const made = await makeSandbox();
      remember(made.id);
      open(made.id);
    } catch (failure) {
      setError(describeError(failure));
    }
  }

  function submit(event: FormEvent): void {
    event.preventDefault();
    const id = sandboxIdOf(typed);
    if (id === null) return setError('not a sandbox id or URL');
    remember(id);
    open(id);
  }

  return (
    <div className="sandbox row">
      <label>
        Sandbox{' '}
        <select aria-label="Sandbox" value={place.sandbox ?? ''} onChange={(event) => open(event.target.value)}>
          <option value="">the server&apos;s own state</option>
          {known.map((id) => (
            <option key={id} value={id}>
              {id}
            </option>
          ))}
        </select>
      </label>
      <span className="muted">
        {counted.data.count} {counted.data.count === 1 ? 'sandbox' : 'sandboxes'} on the server
      </span>
      <form onSubmit={submit} className="row">
        <input aria-label="Sandbox id or URL" value={typed} onChange={(event) => setTyped(event.target.value)} placeholder="sb_… or its devUrl" size={14} />
        <button type="submit" className="small">
          Open
        </button>
      </form>
      <button type="button" className="small" onClick={() => void create()}>
        New sandbox
      </button>
      {error ? (
        <span role="alert" className="outcome failed">
          {error}
        </span>
      ) : null}
    </div>
  );
}
