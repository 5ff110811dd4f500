import { contentTypeOf, textOf } from '../../../../core/domain/workspace/file-content-type';
import { workspaceFolderSegments } from '../../../../core/domain/workspace/workspace-path';
import { WorkspacePathRefusedError } from '../../../../core/domain/workspace/workspace.errors';

const utf8 = (text: string) => new TextEncoder().encode(text);

describe('the text of the first bytes of a file', () => {
  it.each([
    ['a two-byte character', 'aé', 1],
    ['a three-byte character', 'a€', 2],
    ['a four-byte character', 'a😀', 3],
  ])('When the cut splits %s, Then the split character is dropped and the rest is text', (_case, text, cut) => {
    const head = utf8(text).subarray(0, 1 + cut);
    expect(textOf(head, false)).toBe('a');
    expect(textOf(head)).toBeUndefined();
  });

  it('When the head ends on a whole character, Then it is all kept', () => {
    expect(textOf(utf8('a😀'), false)).toBe('a😀');
  });

  it('When the head is not UTF-8 before its last character, or holds a NUL, Then it is no text', () => {
    expect(textOf(new Uint8Array([0x63, 0xe9, 0x61, 0x62]), false)).toBeUndefined();
    expect(textOf(new Uint8Array([0x80, 0x80, 0x80, 0x80]), false)).toBeUndefined();
    expect(textOf(utf8('a\0b'), false)).toBeUndefined();
  });

  it('When a JSON file is cut, Then its text is enough to call it json; a whole one must parse', () => {
    expect(contentTypeOf('data.json', utf8('{"a": [1, 2'), false)).toBe('json');
    expect(contentTypeOf('data.json', utf8('{"a": [1, 2'))).toBe('text');
    expect(contentTypeOf('data.json', utf8('{"a": [1, 2]}'))).toBe('json');
  });
});

describe('a workspace folder path', () => {
  it('When it names the workspace itself, Then it has no names; otherwise the path rules apply', () => {
    expect(workspaceFolderSegments('')).toEqual([]);
    expect(workspaceFolderSegments('./')).toEqual([]);
    expect(workspaceFolderSegments('a//b/')).toEqual(['a', 'b']);
    expect(() => workspaceFolderSegments('/')).toThrow(WorkspacePathRefusedError);
    expect(() => workspaceFolderSegments('%2e%2e')).toThrow(WorkspacePathRefusedError);
    expect(() => workspaceFolderSegments(undefined)).toThrow(WorkspacePathRefusedError);
  });
});
