import { useState } from 'react';

/**
 * "Copy as GraphQL variables": `{ "<name>": "<id>" }` on the clipboard, ready for GraphiQL's
 * variables editor. Where the clipboard is refused (no permission), the text is shown to copy by hand.
 */
export function CopyVariables({ name, id }: { readonly name: string; readonly id: string }) {
  const [shown, setShown] = useState<string | null>(null);
  const text = JSON.stringify({ [name]: id });
  async function copy(): Promise<void> {
    try {
      await navigator.clipboard.writeText(text);
      setShown('copied');
    } catch {
      setShown(text);
    }
  }
  return (
    <span className="copy">
      <button type="button" className="small" title={`Copy ${text}`} aria-label={`Copy ${name} ${id} as GraphQL variables`} onClick={() => void copy()}>
        {'{…}'}
      </button>
      {shown ? <output className="copied">{shown}</output> : null}
    </span>
  );
}

/** An id as the row's anchor (`#<id>` links to it) with its copy button. */
export function IdCell({ name, id }: { readonly name: string; readonly id: string }) {
  return (
    <span className="id-cell">
      <a href={`#${encodeURIComponent(id)}`} id={id}>
        <code>{id}</code>
      </a>
      <CopyVariables name={name} id={id} />
    </span>
  );
}
