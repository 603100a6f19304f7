// A company's documents, and the signed-link file upload and download other features use too
// (guide receipts, the accountant's attachments, personal documents, profile photos).
export { documentKeys } from './keys'
export {
  documentsQueryOptions,
  listDocuments,
  useDocuments,
  type ListDocumentsInput,
} from './list-documents'
export {
  getUploadLink,
  putFile,
  safeFileName,
  uploadFile,
  type UploadFileInput,
  type UploadProgress,
} from './upload-file'
export {
  downloadFile,
  getDownloadLink,
  saveFromUrl,
  useDownloadFile,
  type DownloadLinkInput,
} from './download-file'
export {
  createDocument,
  uploadDocument,
  useUploadDocument,
  type CreateDocumentInput,
  type UploadDocumentInput,
} from './create-document'
export {
  changeDocumentStatus,
  useChangeDocumentStatus,
  type ChangeDocumentStatusInput,
} from './change-document-status'
export { deleteDocument, useDeleteDocument, type DeleteDocumentInput } from './delete-document'
/** The file kinds and size the company's documents take (PDF, JPG, PNG, XML, OFX; 10 MB). */
export { documentFileRules } from './file-rules'
