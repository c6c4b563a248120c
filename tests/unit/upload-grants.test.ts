import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { UploadGrants } from '../../src-main/files/upload-grants';

const scope = { workspaceId: 'w1', projectId: 'p1' };
const file = path.resolve('/site/Baustelle.png');

describe('upload grants', () => {
  it('a drop is good for one upload; a failed one gives it back for Retry', () => {
    const grants = new UploadGrants();
    expect(grants.grantDrop([file, '/site/script.sh', 'relative.png'], scope)).toEqual([file]);
    const use = grants.use([file], scope, 'en-US');
    expect(() => grants.use([file], scope, 'en-US')).toThrow(/Baustelle\.png/);
    use.restore();
    grants.use([file], scope, 'en-US');
    expect(() => grants.use([file], scope, 'en-US')).toThrow();
  });

  it('a failure after a switch of workspace gives nothing back', () => {
    const grants = new UploadGrants();
    grants.grantDrop([file], scope);
    const use = grants.use([file], scope, 'en-US');
    grants.clear();
    use.restore();
    expect(() => grants.use([file], scope, 'en-US')).toThrow();
  });

  it('a drop is not good for another project or workspace, nor twice in one call', () => {
    const grants = new UploadGrants();
    grants.grantDrop([file], scope);
    expect(() => grants.use([file], { ...scope, projectId: 'p2' }, 'de-DE')).toThrow();
    expect(() => grants.use([file], { ...scope, workspaceId: 'w2' }, 'en-US')).toThrow();
    expect(() => grants.use([file, file], scope, 'en-US')).toThrow();
    // None of the refused calls took it.
    expect(() => grants.use([file], scope, 'en-US')).not.toThrow();
  });
});
