import { FilePreview } from '../../../core/services/uploads/workspace-file-previewer.service';
import { UploadedFile } from '../../../core/services/uploads/workspace-uploader.service';
import { FilePreviewResponse, UploadResponse } from '../dto/upload.dto';

export function toUploadResponse({ file, name, type }: UploadedFile): UploadResponse {
  return { path: file.path, name, size: file.sizeBytes, type, modified_at: file.modifiedAt.toISOString() };
}

export function toFilePreviewResponse(preview: FilePreview): FilePreviewResponse {
  const { file, name, type, binary, text, truncated } = preview;
  return { path: file.path, name, size: file.sizeBytes, type, binary, text, truncated, modified_at: file.modifiedAt.toISOString() };
}
