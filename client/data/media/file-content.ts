/** The MIME type a file's first bytes show (`file-type`); its own chunk, loaded when needed. */
import { fileTypeFromBlob } from 'file-type';

export async function contentTypeOf(file: Blob): Promise<string | undefined> {
  return (await fileTypeFromBlob(file))?.mime;
}
