// What the client's and the back office's NFS-e screens show of an issued note: its access key,
// its files, its cancellation and substitution; apart from src/screens/shared, so that the screens
// showing a company load no invoice services.
export {
  AccessKey,
  CancellationAnalysisNote,
  CancellationSendingNote,
  cancellationAnalysisTitle,
  NfseDownloads,
  substitutionItems,
} from './nfse-display'
