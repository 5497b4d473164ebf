import { memo, useState, type ChangeEvent, type FormEvent } from 'react';
import { devGet, devSend, devUrl } from './api.js';
import { ErrorLine, OutcomeLine, useAction } from './outcome.js';
import type { SnapshotsAnswer } from './types.js';
import { useLoad } from './use-load.js';

const NAME = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * Snapshots: save the state under a name (`POST /dev/snapshots`), restore one (`POST
 * /dev/snapshots/restore`), download one (`GET /dev/snapshots/file?name=`), delete one; load a
 * fixtures file (`POST /dev/fixtures`) and reset to the starting state (`POST /dev/reset`).
 */
export const SnapshotsPanel = memo(function SnapshotsPanel() {
  const list = useLoad(() => devGet<SnapshotsAnswer>('/snapshots'), []);
  const [name, setName] = useState('');
  const [outcome, run] = useAction();

  function act(action: () => Promise<string>): void {
    void run(async () => {
      const done = await action();
      list.reload();
      return done;
    });
  }

  function save(event: FormEvent): void {
    event.preventDefault();
    act(async () => {
      const saved = await devSend<{ name: string; bytes: number }>('POST', '/snapshots', { name });
      return `saved ${saved.name} (${saved.bytes} bytes)`;
    });
  }

  function loadFixtures(event: ChangeEvent<HTMLInputElement>): void {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    act(async () => {
      const loaded = await devSend<{ users: number; workspaces: number; messages: number }>('POST', '/fixtures', await file.text());
      return `loaded ${file.name}: ${loaded.users} users, ${loaded.workspaces} workspaces, ${loaded.messages} messages`;
    });
  }

  return (
    <section aria-label="Snapshots" className="panel snapshots">
      <form onSubmit={save} className="row">
        <label>
          Snapshot name <input aria-label="Snapshot name" value={name} onChange={(event) => setName(event.target.value)} pattern="[A-Za-z0-9._\-]{1,64}" required placeholder="before-demo" />
        </label>
        <button type="submit" disabled={!NAME.test(name)}>
          Save snapshot
        </button>
      </form>
      <ErrorLine error={list.error} />
      {list.data ? (
        <table aria-label="Saved snapshots">
          <thead>
            <tr>
              <th>Name</th>
              <th>Saved</th>
              <th>Bytes</th>
              <th></th>
            </tr>
          </thead>
          <tbody>
            {list.data.snapshots.map((snapshot) => (
              <tr key={snapshot.name}>
                <td>{snapshot.name}</td>
                <td>{new Date(snapshot.savedAt).toLocaleString()}</td>
                <td>{snapshot.bytes}</td>
                <td>
                  <div className="row">
                    <button type="button" aria-label={`Restore ${snapshot.name}`} onClick={() => act(async () => (await devSend<{ name: string }>('POST', '/snapshots/restore', { name: snapshot.name }), `restored ${snapshot.name}`))}>
                      Restore
                    </button>
                    <a href={devUrl('/snapshots/file', { name: snapshot.name })} download={`${snapshot.name}.json`} aria-label={`Download ${snapshot.name}`}>
                      Download
                    </a>
                    <button type="button" className="small" aria-label={`Delete ${snapshot.name}`} onClick={() => act(async () => (await devSend('DELETE', '/snapshots', undefined, { name: snapshot.name }), `deleted ${snapshot.name}`))}>
                      Delete
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {list.data ? <p className="muted">At most {list.data.max} snapshots are kept.</p> : null}
      <h2>Start again</h2>
      <div className="row">
        <label className="file">
          Load a fixtures file <input aria-label="Load a fixtures file" type="file" accept="application/json,.json" onChange={loadFixtures} />
        </label>
        <button type="button" onClick={() => act(async () => (await devSend('POST', '/reset'), 'reset to the starting state'))}>
          Reset
        </button>
      </div>
      <OutcomeLine outcome={outcome} label="Snapshots outcome" />
    </section>
  );
});
