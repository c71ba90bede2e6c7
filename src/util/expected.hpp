// A minimal std::expected stand-in (C++20 lacks it): a value or an error code the caller must
// look at. Used for rejections a caller branches on, such as a point that fails to decode.
#pragma once

#include <cassert>
#include <utility>
#include <variant>

namespace cuzk {

template <class E>
struct Unexpected {
  E error;
};
template <class E>
Unexpected(E) -> Unexpected<E>;

template <class T, class E>
class [[nodiscard]] Expected {
 public:
  Expected(T value) : v_(std::in_place_index<0>, std::move(value)) {}  // NOLINT: implicit by design
  Expected(Unexpected<E> e) : v_(std::in_place_index<1>, e.error) {}   // NOLINT: implicit by design

  bool has_value() const { return v_.index() == 0; }
  explicit operator bool() const { return has_value(); }
  const T& value() const& {
    assert(has_value());
    return std::get<0>(v_);
  }
  T& value() & {
    assert(has_value());
    return std::get<0>(v_);
  }
  const T& operator*() const& { return value(); }
  const T* operator->() const { return &value(); }
  E error() const {
    assert(!has_value());
    return std::get<1>(v_);
  }

 private:
  std::variant<T, E> v_;
};

}  // namespace cuzk
