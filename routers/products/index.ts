import { router } from "../builders.ts";
import { createProduct } from "./create-product.ts";
import { deleteProduct } from "./delete-product.ts";
import { getProduct } from "./get-product.ts";
import { listProducts } from "./list-products.ts";
import { updateProduct } from "./update-product.ts";

export const productsRouter = router({
  list: listProducts,
  get: getProduct,
  create: createProduct,
  update: updateProduct,
  delete: deleteProduct,
});
