/** The small part of s3rver (v3, untyped) the S3 video store tests use. */
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';

  export interface S3rverOptions {
    address?: string;
    port?: number;
    directory: string;
    silent?: boolean;
  }

  export default class S3rver {
    constructor(options: S3rverOptions);
    /** Starts listening; answers with the address the server is bound to. */
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
