import { useState, type FormEvent } from 'react';
import { describeError, listSandboxes, makeSandbox, place } from './api.js';
import { useLoad } from './use-load.js';

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
 * Which state the console shows: the server's own or one of its sandboxes. The menu offers every
 * sandbox the server has (`GET /sandboxes`, answered only where `/dev` is) and the one shown; an
 * id or devUrl typed in (as a test prints it) opens that sandbox; "New sandbox" makes one
 * (`POST /sandboxes`). Hidden where the server has no sandboxes.
 */
export function SandboxPicker() {
  const listed = useLoad(() => listSandboxes(), []);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (listed.data === null) return null;
  const onServer = listed.data.sandboxes.map((sandbox) => sandbox.id);
  // The one shown is offered even when the list no longer has it (reclaimed meanwhile: its pages say so).
  const known = place.sandbox && !onServer.includes(place.sandbox) ? [...onServer, place.sandbox] : onServer;

  async function create(): Promise<void> {
    try {
      open((await makeSandbox()).id);
    } catch (failure) {
      setError(describeError(failure));
    }
  }

  function submit(event: FormEvent): void {
    event.preventDefault();
    const id = sandboxIdOf(typed);
    if (id === null) return setError('not a sandbox id or URL');
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
        {listed.data.count} {listed.data.count === 1 ? 'sandbox' : 'sandboxes'} on the server
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
