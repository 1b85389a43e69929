/**
 * The service's resources as the spec describes them. Every record keeps the fields we do not
 * know about (`[extra: string]: unknown`), so `--json` and later versions of the service lose nothing.
 */

interface Open {
  [extra: string]: unknown;
}

export interface Balance extends Open {
  balance: number;
}

export interface PaymentChannel extends Open {
  code: string;
  name: string;
  fee: number;
}

export interface TopUpResult extends Open {
  payment_url: string;
  amount: number;
  expires_at: string;
}

export type OrderProcess = "auto" | "manual" | "h2h" | "smm" | (string & {});

export interface Item extends Open {
  id: number;
  name: string;
  price: number;
  stock: number;
  description: string;
}

export interface StockLock extends Open {
  lock_token: string;
  item_id: number;
  quantity: number;
  locked_at: string;
  expires_at: string;
}

/** A lock as the list shows it: the spec leaves the field names of the remaining time open. */
export interface ListedLock extends StockLock {
  remainingSeconds: number | null;
}

export interface CartLine {
  item_id: number;
  quantity: number;
  note?: string;
}

export interface CreateTransactionRequest {
  ref_id: string;
  carts: CartLine[];
  lock_token?: string;
}

export interface CreatedTransaction extends Open {
  invoice: string;
  ref_id: string;
  status: string;
  price: number;
  fees: number | null;
  amount: number;
  contact?: string;
  created_at: string;
}

export interface TransactionItem extends Open {
  variant_id: number;
  variant_name: string;
  product_name: string;
  product_license: string | null;
  seller_note: string | null;
  description: string | null;
  price: number;
  qty: number;
  note: string | null;
  order_process: OrderProcess;
}

export interface Transaction extends Open {
  id: number;
  ref_id: string;
  invoice: string;
  payment_method: string;
  status: string;
  price: number;
  fees: number | null;
  amount: number;
  note: string | null;
  payment_link: string | null;
  qr_link: string | null;
  expired_at: string | null;
  created_at: string;
  items: TransactionItem[];
}

export interface H2hResult extends Open {
  variant_id: number;
  sn: string;
  dispatch_status: string;
  log_message: string | null;
}

export interface SmmResult extends Open {
  variant_id: number;
  order_id: string | null;
  status: string;
  start_count: number | null;
  remains: number | null;
}

export interface TransactionDetail {
  transaction: Transaction;
  h2hResults: H2hResult[];
  smmResults: SmmResult[];
}

export interface LeaderboardEntry extends Open {
  rank: number;
  name: string;
  total_transactions: number;
}

export interface OwnRanking extends Open {
  rank: number;
  total_transactions: number;
  points: number;
}

export interface SandboxOrder extends Open {
  id: number;
  ref_id: string;
  status: string;
}

/** The SMM note the service expects, as a JSON string in `carts.*.note`. */
export interface SmmNote {
  target: string;
  opt_smm?: string[];
  comment_smm?: string;
}

/** What every client method returns: typed data, plus the body exactly as the service sent it. */
export interface ApiResult<T> {
  data: T;
  /** The parsed response body, untouched: what `--json` prints. */
  body: unknown;
  status: number;
}
