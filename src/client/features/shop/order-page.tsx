export function OrderPage() {
  return <main className="mx-auto w-full max-w-3xl px-4 py-12" />;
}
