import type { ReactNode, Ref } from 'react';

/** The frame of the pages a mail link opens (/recovery, /verify): a centred card with a heading. */
export function AccountPage({ title, headingRef, children }: { title: string; headingRef?: Ref<HTMLHeadingElement>; children: ReactNode }) {
  return (
    <section className="mx-auto flex w-full max-w-md flex-col gap-4 px-2 pt-10">
      <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold focus:outline-none">
        {title}
      </h1>
      {children}
    </section>
  );
}
