export function ProductAdminPage() {
  return <div />;
}
