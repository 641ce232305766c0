import { describe, expect, it } from 'vitest';
import { uploadedFileTypes } from '../../../../../src-preload/contract/uploaded-files';
import { fileKindWords } from '../../../../../src-renderer/ui/words/file-kind-words';

describe('a kept file’s type in words', () => {
  it('names every type the app keeps, parameters and case aside', () => {
    for (const type of Object.keys(uploadedFileTypes)) expect(fileKindWords(type), type).not.toBe('a file');
    expect(fileKindWords('Application/vnd.openxmlformats-officedocument.wordprocessingml.document; x=1')).toBe(
      'a Word document',
    );
  });
});
