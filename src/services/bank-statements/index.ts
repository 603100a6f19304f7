// Bank accounts, transactions, OFX and the Cora connection.
export {
  connectCora,
  connectCoraInputSchema,
  useConnectCora,
  type ConnectCoraInput,
  type ConnectCoraResult,
} from './connect-cora'
